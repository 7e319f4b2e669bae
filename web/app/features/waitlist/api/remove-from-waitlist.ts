import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateWaitlist } from "@/features/waitlist/api/list-waitlist";
import { apiClient, unwrap } from "@/lib/api";

/** Takes someone off the list; a seat their open offer held goes to the next in line. */
export function removeFromWaitlist(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/waitlist/{id}", { params: { path: { id } } }));
}

export function useRemoveFromWaitlist() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: removeFromWaitlist, onSuccess: () => invalidateWaitlist(queryClient) });
}

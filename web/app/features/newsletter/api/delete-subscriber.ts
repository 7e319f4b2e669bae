import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** Deletes one subscriber (the address can sign up again later). */
export function deleteSubscriber(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/subscribers/{id}", { params: { path: { id } } }));
}

export function useDeleteSubscriber() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSubscriber,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ["admin", "subscribers"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
        queryClient.invalidateQueries({ queryKey: ["admin", "people"] }),
      ]),
  });
}

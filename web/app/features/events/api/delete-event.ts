import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateEvents } from "@/features/events/api/list-admin-events";
import { apiClient, unwrap } from "@/lib/api";

/** Deletes an event; 409 (with the server's message) when seats were already taken. */
export function deleteEvent(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/events/{id}", { params: { path: { id } } }));
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidateEvents(queryClient) });
}

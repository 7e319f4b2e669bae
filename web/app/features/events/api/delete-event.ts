import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateEvents } from "@/features/events/api/list-admin-events";

/** Deletes an event; 409 (with the server's message) when seats were already taken. */
export function deleteEvent(id: number): Promise<void> {
  return adminApi<void>(`/api/admin/events/${id}`, { method: "DELETE" });
}

export function useDeleteEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteEvent, onSuccess: () => invalidateEvents(queryClient) });
}

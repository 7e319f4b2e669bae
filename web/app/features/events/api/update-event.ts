import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateEvents } from "@/features/events/api/list-admin-events";
import type { AdminEvent, EventInput } from "@/lib/api-types";

export function updateEvent(id: number, input: EventInput): Promise<AdminEvent> {
  return adminApi<AdminEvent>(`/api/admin/events/${id}`, { method: "PUT", body: input });
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: EventInput }) => updateEvent(id, input),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

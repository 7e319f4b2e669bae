import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateEvents } from "@/features/events/api/list-admin-events";
import { apiClient, unwrap } from "@/lib/api";
import type { EventInput } from "@/lib/api-types";

export function updateEvent(id: number, input: EventInput) {
  return unwrap(apiClient.PUT("/api/admin/events/{id}", { params: { path: { id } }, body: input }));
}

export function useUpdateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: EventInput }) => updateEvent(id, input),
    onSuccess: () => invalidateEvents(queryClient),
  });
}

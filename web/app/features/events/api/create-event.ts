import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateEvents } from "@/features/events/api/list-admin-events";
import { apiClient, unwrap } from "@/lib/api";
import type { EventInput } from "@/lib/api-types";

export function createEvent(input: EventInput) {
  return unwrap(apiClient.POST("/api/admin/events", { body: input }));
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => invalidateEvents(queryClient) });
}

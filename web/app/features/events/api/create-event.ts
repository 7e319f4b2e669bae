import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateEvents } from "@/features/events/api/list-admin-events";
import type { AdminEvent, EventInput } from "@/lib/api-types";

export function createEvent(input: EventInput): Promise<AdminEvent> {
  return adminApi<AdminEvent>("/api/admin/events", { method: "POST", body: input });
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createEvent, onSuccess: () => invalidateEvents(queryClient) });
}

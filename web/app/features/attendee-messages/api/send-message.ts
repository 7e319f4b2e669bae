import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { AttendeeMessageInput } from "@/lib/api-types";

/** Mails every address with a valid ticket of the event; the copy joins the event's history. */
export function sendAttendeeMessage(eventId: number, body: AttendeeMessageInput) {
  return unwrap(apiClient.POST("/api/admin/events/{id}/messages", { params: { path: { id: eventId } }, body }));
}

export function useSendAttendeeMessage(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AttendeeMessageInput) => sendAttendeeMessage(eventId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["admin", "attendee-messages", eventId] }),
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function listAttendeeMessages(eventId: number) {
  return unwrap(apiClient.GET("/api/admin/events/{id}/messages", { params: { path: { id: eventId } } }));
}

export function attendeeMessagesQueryOptions(eventId: number) {
  return queryOptions({ queryKey: ["admin", "attendee-messages", eventId], queryFn: () => listAttendeeMessages(eventId) });
}

export function useAttendeeMessages(eventId: number) {
  return useQuery(attendeeMessagesQueryOptions(eventId));
}

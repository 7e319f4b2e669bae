import { apiClient, unwrap } from "@/lib/api";
import type { WaitlistRequest } from "@/lib/api-types";

export function joinWaitlist(eventId: number, body: WaitlistRequest) {
  return unwrap(apiClient.POST("/api/events/{id}/waitlist", { params: { path: { id: eventId } }, body }));
}

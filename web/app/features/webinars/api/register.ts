import { apiClient, unwrap } from "@/lib/api";
import type { WebinarRegistrationRequest } from "@/lib/api-types";

export function registerForWebinar(eventId: number, body: WebinarRegistrationRequest) {
  return unwrap(apiClient.POST("/api/webinars/{id}/registrations", { params: { path: { id: eventId } }, body }));
}

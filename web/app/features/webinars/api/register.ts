import { api } from "@/lib/api";
import type { WebinarRegistrationRequest, WebinarRegistrationResponse } from "@/lib/api-types";

export function registerForWebinar(
  eventId: number,
  body: WebinarRegistrationRequest,
): Promise<WebinarRegistrationResponse> {
  return api<WebinarRegistrationResponse>(`/api/webinars/${eventId}/registrations`, { method: "POST", body });
}

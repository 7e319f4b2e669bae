import { apiClient, unwrap } from "@/lib/api";

/** No more review invitations for the address the link was sent to. */
export function optOutOfReviewInvitations(token: string) {
  return unwrap(apiClient.POST("/api/review-invitations/opt-out", { body: { token } }));
}

import { apiClient, unwrap } from "@/lib/api";

/** Whose invitation the token is and for which evening or course; a Dutch error when it no longer works. */
export function openReviewInvitation(token: string) {
  return unwrap(apiClient.POST("/api/review-invitations/open", { body: { token } }));
}

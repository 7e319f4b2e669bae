import { apiClient, unwrap } from "@/lib/api";
import type { ParticipantReviewRequest } from "@/lib/api-types";

/** Leaves the review through the invitation link; the link is spent. */
export function leaveParticipantReview(body: ParticipantReviewRequest) {
  return unwrap(apiClient.POST("/api/review-invitations/review", { body }));
}

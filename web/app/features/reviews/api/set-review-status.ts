import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";
import { apiClient, unwrap } from "@/lib/api";
import type { ReviewStatus } from "@/lib/api-types";

export function setReviewStatus(id: number, status: ReviewStatus) {
  return unwrap(apiClient.PUT("/api/admin/reviews/{id}/status", { params: { path: { id } }, body: { status } }));
}

export function useSetReviewStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: ReviewStatus }) => setReviewStatus(id, status),
    onSuccess: () => invalidateReviews(queryClient),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";
import { apiClient, unwrap } from "@/lib/api";
import type { ReviewInput } from "@/lib/api-types";

export function createReview(input: ReviewInput) {
  return unwrap(apiClient.POST("/api/admin/reviews", { body: input }));
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: () => invalidateReviews(queryClient) });
}

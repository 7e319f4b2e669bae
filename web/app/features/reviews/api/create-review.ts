import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";
import type { Review, ReviewInput } from "@/lib/api-types";

export function createReview(input: ReviewInput): Promise<Review> {
  return adminApi<Review>("/api/admin/reviews", { method: "POST", body: input });
}

export function useCreateReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createReview, onSuccess: () => invalidateReviews(queryClient) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";
import type { Review, ReviewInput } from "@/lib/api-types";

export function updateReview(id: number, input: ReviewInput): Promise<Review> {
  return adminApi<Review>(`/api/admin/reviews/${id}`, { method: "PUT", body: input });
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReviewInput }) => updateReview(id, input),
    onSuccess: () => invalidateReviews(queryClient),
  });
}

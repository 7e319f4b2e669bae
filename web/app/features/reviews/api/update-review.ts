import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";
import { apiClient, unwrap } from "@/lib/api";
import type { ReviewInput } from "@/lib/api-types";

export function updateReview(id: number, input: ReviewInput) {
  return unwrap(apiClient.PUT("/api/admin/reviews/{id}", { params: { path: { id } }, body: input }));
}

export function useUpdateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: ReviewInput }) => updateReview(id, input),
    onSuccess: () => invalidateReviews(queryClient),
  });
}

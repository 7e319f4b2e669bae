import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";
import { apiClient, unwrap } from "@/lib/api";

export function deleteReview(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/reviews/{id}", { params: { path: { id } } }));
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => invalidateReviews(queryClient) });
}

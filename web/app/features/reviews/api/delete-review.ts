import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateReviews } from "@/features/reviews/api/list-admin-reviews";

export function deleteReview(id: number): Promise<void> {
  return adminApi<void>(`/api/admin/reviews/${id}`, { method: "DELETE" });
}

export function useDeleteReview() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteReview, onSuccess: () => invalidateReviews(queryClient) });
}

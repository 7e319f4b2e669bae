import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCoupons } from "@/features/coupons/api/list-coupons";
import { apiClient, unwrap } from "@/lib/api";

/** Deletes a coupon; 409 (with the server's message) once it has been used. */
export function deleteCoupon(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/coupons/{id}", { params: { path: { id } } }));
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateCoupons } from "@/features/coupons/api/list-coupons";

/** Deletes a coupon; 409 (with the server's message) once it has been used. */
export function deleteCoupon(id: number): Promise<void> {
  return adminApi<void>(`/api/admin/coupons/${id}`, { method: "DELETE" });
}

export function useDeleteCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}

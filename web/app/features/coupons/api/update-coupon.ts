import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateCoupons } from "@/features/coupons/api/list-coupons";
import type { Coupon, CouponInput } from "@/features/coupons/api/types";

export function updateCoupon(id: number, input: CouponInput): Promise<Coupon> {
  return adminApi<Coupon>(`/api/admin/coupons/${id}`, { method: "PUT", body: input });
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CouponInput }) => updateCoupon(id, input),
    onSuccess: () => invalidateCoupons(queryClient),
  });
}

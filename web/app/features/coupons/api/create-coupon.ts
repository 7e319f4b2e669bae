import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateCoupons } from "@/features/coupons/api/list-coupons";
import type { Coupon, CouponInput } from "@/features/coupons/api/types";

export function createCoupon(input: CouponInput): Promise<Coupon> {
  return adminApi<Coupon>("/api/admin/coupons", { method: "POST", body: input });
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCoupons } from "@/features/coupons/api/list-coupons";
import { apiClient, unwrap } from "@/lib/api";
import type { CouponInput } from "@/lib/api-types";

export function createCoupon(input: CouponInput) {
  return unwrap(apiClient.POST("/api/admin/coupons", { body: input }));
}

export function useCreateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCoupon, onSuccess: () => invalidateCoupons(queryClient) });
}

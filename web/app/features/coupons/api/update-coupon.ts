import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCoupons } from "@/features/coupons/api/list-coupons";
import { apiClient, unwrap } from "@/lib/api";
import type { CouponInput } from "@/lib/api-types";

export function updateCoupon(id: number, input: CouponInput) {
  return unwrap(apiClient.PUT("/api/admin/coupons/{id}", { params: { path: { id } }, body: input }));
}

export function useUpdateCoupon() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: CouponInput }) => updateCoupon(id, input),
    onSuccess: () => invalidateCoupons(queryClient),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import { invalidateOrders } from "@/features/orders/api/list-orders";
import type { AdminOrderDetail } from "@/features/orders/api/types";

/**
 * Marks a paid order (or a late payment flagged for a refund) refunded; with Stripe or Mollie
 * the server first has the provider refund it. The answer is the updated order, or empty.
 */
export function refundOrder(id: number): Promise<AdminOrderDetail | undefined> {
  return adminApi<AdminOrderDetail | undefined>(`/api/admin/orders/${id}/refund`, { method: "POST" });
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (detail) => {
      if (detail && typeof detail === "object" && "id" in detail) {
        queryClient.setQueryData(["admin", "orders", "detail", detail.id], detail);
      }
      return invalidateOrders(queryClient);
    },
  });
}

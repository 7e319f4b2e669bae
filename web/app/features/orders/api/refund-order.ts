import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderQueryOptions } from "@/features/orders/api/get-order";
import { invalidateOrders } from "@/features/orders/api/list-orders";
import { apiClient, unwrap } from "@/lib/api";

/**
 * Marks a paid order (or a late payment flagged for a refund) refunded; with Stripe or Mollie
 * the server first has the provider refund it. The answer is the updated order.
 */
export function refundOrder(id: number) {
  return unwrap(apiClient.POST("/api/admin/orders/{id}/refund", { params: { path: { id } } }));
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    onSuccess: (detail) => {
      queryClient.setQueryData(orderQueryOptions(detail.id).queryKey, detail);
      return invalidateOrders(queryClient);
    },
  });
}

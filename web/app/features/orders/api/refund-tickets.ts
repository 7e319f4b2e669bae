import { useMutation, useQueryClient } from "@tanstack/react-query";
import { orderQueryOptions } from "@/features/orders/api/get-order";
import { invalidateOrders } from "@/features/orders/api/list-orders";
import { apiClient, unwrap } from "@/lib/api";

/**
 * Pays some tickets of an order back: the provider refunds their part, the tickets are
 * cancelled, their seats come free and the buyer gets a credit note for exactly them. A repeated
 * click pays nothing back twice. The answer is the updated order.
 */
export function refundTickets({ orderId, ticketIds }: { orderId: number; ticketIds: number[] }) {
  return unwrap(
    apiClient.POST("/api/admin/orders/{id}/refund-tickets", {
      params: { path: { id: orderId } },
      body: { ticket_ids: ticketIds },
    }),
  );
}

export function useRefundTickets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundTickets,
    onSuccess: (detail) => {
      queryClient.setQueryData(orderQueryOptions(detail.id).queryKey, detail);
      return invalidateOrders(queryClient);
    },
  });
}

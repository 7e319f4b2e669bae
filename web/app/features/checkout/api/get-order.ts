import { queryOptions, useQuery } from "@tanstack/react-query";
import { ApiError, apiClient, unwrap } from "@/lib/api";

export const ORDER_POLL_MS = 2000;

export function getOrder(orderId: string) {
  return unwrap(apiClient.GET("/api/orders/{order_id}", { params: { path: { order_id: orderId } } }));
}

export function orderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: ["orders", orderId],
    queryFn: () => getOrder(orderId),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status === 404) && failureCount < 2,
  });
}

/**
 * Reads an order (it never changes one). With `poll`, asks again every 2 s while the order is
 * pending: the payment provider's webhook, not this page, marks it paid.
 */
export function useOrder(orderId: string | null, { poll = false }: { poll?: boolean } = {}) {
  return useQuery({
    ...orderQueryOptions(orderId ?? ""),
    enabled: Boolean(orderId),
    refetchInterval: (query) => (poll && query.state.data?.status === "pending" ? ORDER_POLL_MS : false),
  });
}

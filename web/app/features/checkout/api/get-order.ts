import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OrderSummary } from "@/features/checkout/api/types";
import { api, ApiError } from "@/lib/api";

export const ORDER_POLL_MS = 2000;

export function getOrder(orderId: string): Promise<OrderSummary> {
  return api<OrderSummary>(`/api/orders/${encodeURIComponent(orderId)}`);
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

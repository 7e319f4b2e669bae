import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { OrderFilter } from "@/lib/api-types";

export interface OrdersQuery {
  q: string;
  /** "" = all; "attention" = the orders the coach must act on. */
  status: OrderFilter | "";
  page: number;
  perPage: number;
}

export function listOrders({ q, status, page, perPage }: OrdersQuery) {
  return unwrap(apiClient.GET("/api/admin/orders", { params: { query: { q: q.trim(), status: status || undefined, page, per_page: perPage } } }));
}

export function ordersQueryOptions(query: OrdersQuery) {
  return queryOptions({
    queryKey: ["admin", "orders", "list", query],
    queryFn: () => listOrders(query),
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useQuery(ordersQueryOptions(query));
}

/** After an order changed: the lists, its detail, the dashboard, tickets and seat counts. */
export function invalidateOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "orders"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "today"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "tickets"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "events"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "coupons"] }),
  ]);
}

import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface CouponsQuery {
  q: string;
  page: number;
  perPage: number;
}

export function listCoupons({ q, page, perPage }: CouponsQuery) {
  return unwrap(apiClient.GET("/api/admin/coupons", { params: { query: { q: q.trim(), page, per_page: perPage } } }));
}

export function couponsQueryOptions(query: CouponsQuery) {
  return queryOptions({
    queryKey: ["admin", "coupons", query],
    queryFn: () => listCoupons(query),
    placeholderData: keepPreviousData,
  });
}

export function useCoupons(query: CouponsQuery) {
  return useQuery(couponsQueryOptions(query));
}

/** After a change: the coupon list is out of date. */
export function invalidateCoupons(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ["admin", "coupons"] });
}

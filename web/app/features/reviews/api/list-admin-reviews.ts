import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface AdminReviewsQuery {
  q: string;
  page: number;
  perPage: number;
}

export function listAdminReviews({ q, page, perPage }: AdminReviewsQuery) {
  return unwrap(apiClient.GET("/api/admin/reviews", { params: { query: { q: q.trim(), page, per_page: perPage } } }));
}

export function adminReviewsQueryOptions(query: AdminReviewsQuery) {
  return queryOptions({
    queryKey: ["admin", "reviews", query],
    queryFn: () => listAdminReviews(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminReviews(query: AdminReviewsQuery) {
  return useQuery(adminReviewsQueryOptions(query));
}

/** After a change: the admin list, the dashboard and the public reviews are out of date. */
export function invalidateReviews(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "reviews"] }),
    queryClient.invalidateQueries({ queryKey: ["admin", "dashboard"] }),
    queryClient.invalidateQueries({ queryKey: ["reviews"] }),
  ]);
}

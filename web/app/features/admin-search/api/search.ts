import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** The server's bounds for a search text (after trimming). */
export const MIN_SEARCH = 2;
export const MAX_SEARCH = 100;

export function searchAdmin(q: string) {
  return unwrap(apiClient.GET("/api/admin/search", { params: { query: { q } } }));
}

export function adminSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: ["admin", "search", q],
    queryFn: () => searchAdmin(q),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/** What the admin search finds for `q` (trimmed); nothing is asked below 2 characters. */
export function useAdminSearch(q: string) {
  const enabled = q.length >= MIN_SEARCH && q.length <= MAX_SEARCH;
  return useQuery({ ...adminSearchQueryOptions(q), enabled });
}

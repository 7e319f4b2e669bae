import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface MediaQuery {
  q: string;
  page: number;
  perPage: number;
}

export function listMedia({ q, page, perPage }: MediaQuery) {
  return unwrap(apiClient.GET("/api/admin/media", { params: { query: { q: q.trim(), page, per_page: perPage } } }));
}

export function mediaQueryOptions(query: MediaQuery) {
  return queryOptions({
    queryKey: ["admin", "media", query],
    queryFn: () => listMedia(query),
    placeholderData: keepPreviousData,
  });
}

export function useMedia(query: MediaQuery) {
  return useQuery(mediaQueryOptions(query));
}

/** After an upload or delete: every list of photos (the library, the pickers) is out of date. */
export function invalidateMedia(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ["admin", "media"] });
}

import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface AdminDrempelVideosQuery {
  page: number;
  perPage: number;
}

export function listAdminDrempelVideos({ page, perPage }: AdminDrempelVideosQuery) {
  return unwrap(apiClient.GET("/api/admin/drempel-videos", { params: { query: { page, per_page: perPage } } }));
}

export function adminDrempelVideosQueryOptions(query: AdminDrempelVideosQuery) {
  return queryOptions({
    queryKey: ["admin", "drempel-videos", query],
    queryFn: () => listAdminDrempelVideos(query),
    placeholderData: keepPreviousData,
  });
}

export function useAdminDrempelVideos(query: AdminDrempelVideosQuery) {
  return useQuery(adminDrempelVideosQueryOptions(query));
}

/** After a change: the admin list and the public list on /voor-jezelf are out of date. */
export function invalidateDrempelVideos(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ["admin", "drempel-videos"] }),
    queryClient.invalidateQueries({ queryKey: ["drempel-videos"] }),
  ]);
}

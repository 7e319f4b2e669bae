import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { adminApi, adminPath } from "@/lib/admin-fetch";
import type { DrempelVideoPage } from "@/lib/api-types";

export interface AdminDrempelVideosQuery {
  page: number;
  perPage: number;
}

export function listAdminDrempelVideos({ page, perPage }: AdminDrempelVideosQuery): Promise<DrempelVideoPage> {
  return adminApi<DrempelVideoPage>(adminPath("/api/admin/drempel-videos", { page, per_page: perPage }));
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

import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import type { DrempelVideoList } from "@/lib/api-types";

/** The published threshold videos, in the coach's order (public). */
export function getDrempelVideos(): Promise<DrempelVideoList> {
  return api<DrempelVideoList>("/api/drempel-videos");
}

export const drempelVideosQueryOptions = queryOptions({
  queryKey: ["drempel-videos"],
  queryFn: getDrempelVideos,
  retry: 1,
  staleTime: 60 * 1000,
});

export function useDrempelVideos() {
  return useQuery(drempelVideosQueryOptions);
}

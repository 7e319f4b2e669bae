import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** The published threshold videos, in the coach's order (public). */
export function getDrempelVideos() {
  return unwrap(apiClient.GET("/api/drempel-videos"));
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

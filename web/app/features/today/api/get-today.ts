import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getToday() {
  return unwrap(apiClient.GET("/api/admin/today"));
}

/** What needs the coach today and the counts of what waits: the dashboard's list and the menu's badges. */
export const todayQueryOptions = queryOptions({
  queryKey: ["admin", "today"],
  queryFn: getToday,
  refetchOnWindowFocus: true,
  refetchInterval: 60_000,
});

export function useToday() {
  return useQuery(todayQueryOptions);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getVisitors(days: number) {
  return unwrap(apiClient.GET("/api/admin/visitors", { params: { query: { days } } }));
}

export const visitorsQueryOptions = (days: number) =>
  queryOptions({
    queryKey: ["admin", "visitors", days],
    queryFn: () => getVisitors(days),
  });

export function useVisitors(days: number) {
  return useQuery(visitorsQueryOptions(days));
}

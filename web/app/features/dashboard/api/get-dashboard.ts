import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getDashboard() {
  return unwrap(apiClient.GET("/api/admin/dashboard"));
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/features/auth/lib/admin-fetch";
import type { DashboardSummary } from "@/lib/api-types";

export function getDashboard(): Promise<DashboardSummary> {
  return adminApi<DashboardSummary>("/api/admin/dashboard");
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}

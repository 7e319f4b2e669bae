import { queryOptions, useQuery } from "@tanstack/react-query";
import { adminApi } from "@/lib/admin-fetch";
import type { CommerceDashboard } from "@/features/dashboard/api/types";

export function getDashboard(): Promise<CommerceDashboard> {
  return adminApi<CommerceDashboard>("/api/admin/dashboard");
}

export const dashboardQueryOptions = queryOptions({
  queryKey: ["admin", "dashboard"],
  queryFn: getDashboard,
});

export function useDashboard() {
  return useQuery(dashboardQueryOptions);
}

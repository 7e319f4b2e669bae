import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** Her draft, the published versions with their result counts, and whether the site uses her own test. */
export function getAdminSelfTest() {
  return unwrap(apiClient.GET("/api/admin/selftest"));
}

export const adminSelfTestQueryOptions = queryOptions({
  queryKey: ["admin", "selftest"],
  queryFn: getAdminSelfTest,
});

export function useAdminSelfTest() {
  return useQuery(adminSelfTestQueryOptions);
}

export function invalidateAdminSelfTest(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ["admin", "selftest"] });
}

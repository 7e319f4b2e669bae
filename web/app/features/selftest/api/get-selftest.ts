import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** The newest published version of her test (without the points of the answers). */
export function getSelfTest() {
  return unwrap(apiClient.GET("/api/selftest"));
}

export const selfTestQueryOptions = queryOptions({
  queryKey: ["selftest"],
  queryFn: getSelfTest,
  retry: (count, error) => count < 1 && !(error instanceof Error && "status" in error && error.status === 404),
  staleTime: 60 * 1000,
});

export function useSelfTest() {
  return useQuery(selfTestQueryOptions);
}

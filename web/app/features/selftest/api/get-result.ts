import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getSelfTestResult(token: string) {
  return unwrap(apiClient.GET("/api/selftest/results/{token}", { params: { path: { token } } }));
}

export function selfTestResultQueryOptions(token: string) {
  return queryOptions({
    queryKey: ["selftest", "result", token],
    queryFn: () => getSelfTestResult(token),
    retry: false,
  });
}

export function useSelfTestResult(token: string | null) {
  return useQuery({ ...selfTestResultQueryOptions(token ?? ""), enabled: Boolean(token) });
}

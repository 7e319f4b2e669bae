import { useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

/** An earlier version as it was published (read only). */
export function getSelfTestVersion(version: number) {
  return unwrap(apiClient.GET("/api/admin/selftest/versions/{version}", { params: { path: { version } } }));
}

export function useSelfTestVersion(version: number | null) {
  return useQuery({
    queryKey: ["admin", "selftest", "version", version],
    queryFn: () => getSelfTestVersion(version!),
    enabled: version !== null,
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export function getCampaign(id: number) {
  return unwrap(apiClient.GET("/api/admin/campaigns/{id}", { params: { path: { id } } }));
}

/** One campaign; while it is being sent its progress is fetched every second. */
export function useCampaign(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ["admin", "campaigns", "one", id],
      queryFn: () => getCampaign(id),
      refetchInterval: (query) => (query.state.data?.status === "sending" ? 1000 : false),
    }),
  );
}

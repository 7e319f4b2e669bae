import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";

export interface CampaignsQuery {
  q: string;
  page: number;
  perPage: number;
}

export function listCampaigns({ q, page, perPage }: CampaignsQuery) {
  return unwrap(apiClient.GET("/api/admin/campaigns", { params: { query: { q: q.trim(), page, per_page: perPage } } }));
}

export function campaignsQueryOptions(query: CampaignsQuery) {
  return queryOptions({
    queryKey: ["admin", "campaigns", "list", query],
    queryFn: () => listCampaigns(query),
    placeholderData: keepPreviousData,
  });
}

export function useCampaigns(query: CampaignsQuery) {
  return useQuery(campaignsQueryOptions(query));
}

/** After any change: the list and every open campaign are fetched again. */
export function invalidateCampaigns(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: ["admin", "campaigns"] });
}

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { apiClient, unwrap } from "@/lib/api";
import type { PreviewInput } from "@/lib/api-types";

export function previewCampaign(input: PreviewInput) {
  return unwrap(apiClient.POST("/api/admin/campaigns/preview", { body: input }));
}

/** The mail as the server renders it (pass the debounced input). */
export function useCampaignPreview(input: PreviewInput) {
  return useQuery({
    queryKey: ["admin", "campaigns", "preview", input],
    queryFn: () => previewCampaign(input),
    placeholderData: keepPreviousData,
  });
}

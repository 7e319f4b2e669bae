import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCampaigns } from "@/features/campaigns/api/list-campaigns";
import { apiClient, unwrap } from "@/lib/api";
import type { CampaignInput } from "@/lib/api-types";

/** Creates a draft (no id) or saves an existing one. */
export function saveCampaign({ id, input }: { id: number | null; input: CampaignInput }) {
  return id === null
    ? unwrap(apiClient.POST("/api/admin/campaigns", { body: input }))
    : unwrap(apiClient.PUT("/api/admin/campaigns/{id}", { params: { path: { id } }, body: input }));
}

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}

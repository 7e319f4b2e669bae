import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCampaigns } from "@/features/campaigns/api/list-campaigns";
import { apiClient, unwrap } from "@/lib/api";

/** The one-step changes of a campaign, each its own endpoint. */
export type CampaignChange = "pause" | "resume" | "unschedule" | "publish" | "unpublish";

export function changeCampaign({ id, change }: { id: number; change: CampaignChange }) {
  const params = { params: { path: { id } } };
  switch (change) {
    case "pause":
      return unwrap(apiClient.POST("/api/admin/campaigns/{id}/pause", params));
    case "resume":
      return unwrap(apiClient.POST("/api/admin/campaigns/{id}/resume", params));
    case "unschedule":
      return unwrap(apiClient.POST("/api/admin/campaigns/{id}/unschedule", params));
    case "publish":
      return unwrap(apiClient.POST("/api/admin/campaigns/{id}/publish", params));
    case "unpublish":
      return unwrap(apiClient.POST("/api/admin/campaigns/{id}/unpublish", params));
  }
}

export function useChangeCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}

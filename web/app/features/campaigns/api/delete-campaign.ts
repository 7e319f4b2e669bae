import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCampaigns } from "@/features/campaigns/api/list-campaigns";
import { apiClient, unwrap } from "@/lib/api";

export function deleteCampaign(id: number) {
  return unwrap(apiClient.DELETE("/api/admin/campaigns/{id}", { params: { path: { id } } }));
}

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}

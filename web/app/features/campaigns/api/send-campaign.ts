import { useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateCampaigns } from "@/features/campaigns/api/list-campaigns";
import { apiClient, unwrap } from "@/lib/api";

/** Sends now (no time) or at a Brussels wall time `YYYY-MM-DDTHH:MM`. */
export function sendCampaign({ id, sendAt }: { id: number; sendAt: string | null }) {
  return unwrap(
    apiClient.POST("/api/admin/campaigns/{id}/send", { params: { path: { id } }, body: { send_at: sendAt } }),
  );
}

export function useSendCampaign() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendCampaign, onSuccess: () => invalidateCampaigns(queryClient) });
}

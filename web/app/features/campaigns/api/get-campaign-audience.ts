import { apiClient, unwrap } from "@/lib/api";

/** Who the saved newsletter goes to and how many they are now (asked right before sending). */
export function getCampaignAudience(id: number) {
  return unwrap(apiClient.GET("/api/admin/campaigns/{id}/audience", { params: { path: { id } } }));
}

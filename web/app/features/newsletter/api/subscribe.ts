import { apiClient, unwrap } from "@/lib/api";
import type { SubscribeRequest } from "@/lib/api-types";

export function subscribeToNewsletter(body: SubscribeRequest) {
  return unwrap(apiClient.POST("/api/newsletter", { body }));
}

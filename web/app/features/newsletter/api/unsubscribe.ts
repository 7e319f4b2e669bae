import { apiClient, unwrap } from "@/lib/api";

export function unsubscribeNewsletter(token: string) {
  return unwrap(apiClient.POST("/api/newsletter/unsubscribe", { body: { token } }));
}

import { apiClient, unwrap } from "@/lib/api";

export function confirmNewsletter(token: string) {
  return unwrap(apiClient.POST("/api/newsletter/confirm", { body: { token } }));
}

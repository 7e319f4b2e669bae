import { api } from "@/lib/api";
import type { NewsletterStatusResponse } from "@/lib/api-types";

export function unsubscribeNewsletter(token: string): Promise<NewsletterStatusResponse> {
  return api<NewsletterStatusResponse>("/api/newsletter/unsubscribe", { method: "POST", body: { token } });
}

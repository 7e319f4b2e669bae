import { api } from "@/lib/api";
import type { NewsletterStatusResponse } from "@/lib/api-types";

export function confirmNewsletter(token: string): Promise<NewsletterStatusResponse> {
  return api<NewsletterStatusResponse>("/api/newsletter/confirm", { method: "POST", body: { token } });
}

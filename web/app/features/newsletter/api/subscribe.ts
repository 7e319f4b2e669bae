import { api } from "@/lib/api";
import type { NewsletterSignupRequest, NewsletterSignupResponse } from "@/lib/api-types";

export function subscribeToNewsletter(body: NewsletterSignupRequest): Promise<NewsletterSignupResponse> {
  return api<NewsletterSignupResponse>("/api/newsletter", { method: "POST", body });
}

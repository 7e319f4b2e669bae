import { apiClient, unwrap } from "@/lib/api";
import type { ContactRequest } from "@/lib/api-types";

export function sendContactMessage(body: ContactRequest) {
  return unwrap(apiClient.POST("/api/contact", { body }));
}

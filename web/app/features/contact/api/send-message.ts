import { api } from "@/lib/api";
import type { ContactRequest, ContactResponse } from "@/lib/api-types";

export function sendContactMessage(body: ContactRequest): Promise<ContactResponse> {
  return api<ContactResponse>("/api/contact", { method: "POST", body });
}

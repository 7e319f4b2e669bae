import { apiClient, unwrap } from "@/lib/api";

/** The link from the confirmation mail: the address is proven and the result is mailed. */
export function confirmSelfTestMail(token: string) {
  return unwrap(apiClient.POST("/api/selftest/confirm", { body: { token } }));
}

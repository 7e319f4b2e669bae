import { apiClient, unwrap } from "@/lib/api";

/** Asks for the result by mail: the server first mails only a link to confirm the address. */
export function mailSelfTestResult(token: string, email: string, newsletter: boolean) {
  return unwrap(
    apiClient.POST("/api/selftest/results/{token}/mail", { params: { path: { token } }, body: { email, newsletter } }),
  );
}

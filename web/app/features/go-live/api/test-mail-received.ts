import { apiClient, unwrap } from "@/lib/api";

/** The link in the go-live test mail: tells the server the mail arrived (once per link). */
export function confirmTestMailReceived(token: string) {
  return unwrap(
    apiClient.POST("/api/go-live/test-mail/received", { body: { token } }),
  );
}

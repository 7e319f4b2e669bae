// The visitor's links from the confirmation mail: each token either cancels or moves.
import { apiClient, unwrap } from "@/lib/api";

export function getManagedCall(token: string) {
  return unwrap(apiClient.POST("/api/intro-calls/manage", { body: { token } }));
}

export function cancelCall(token: string) {
  return unwrap(apiClient.POST("/api/intro-calls/cancel", { body: { token } }));
}

export function moveCall(token: string, startsAt: string) {
  return unwrap(apiClient.POST("/api/intro-calls/move", { body: { token, starts_at: startsAt } }));
}

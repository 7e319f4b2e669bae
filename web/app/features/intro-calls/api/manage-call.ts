// The visitor's links from the confirmation mail: each token either cancels or moves.
import { api } from "@/lib/api";
import type { BookingResponse, CallStatus, ManagedCall } from "@/lib/api-types";

export function getManagedCall(token: string): Promise<ManagedCall> {
  return api<ManagedCall>("/api/intro-calls/manage", { method: "POST", body: { token } });
}

export function cancelCall(token: string): Promise<CallStatus> {
  return api<CallStatus>("/api/intro-calls/cancel", { method: "POST", body: { token } });
}

export function moveCall(token: string, startsAt: string): Promise<BookingResponse> {
  return api<BookingResponse>("/api/intro-calls/move", { method: "POST", body: { token, starts_at: startsAt } });
}

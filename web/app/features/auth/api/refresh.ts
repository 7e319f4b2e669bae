import { api } from "@/lib/api";
import type { RefreshRequest, Session } from "@/lib/api-types";

export function refresh(body: RefreshRequest, signal?: AbortSignal): Promise<Session> {
  return api<Session>("/api/auth/refresh", { method: "POST", body, signal });
}

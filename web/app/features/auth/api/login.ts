import { api } from "@/lib/api";
import type { LoginRequest, Session } from "@/lib/api-types";

export function login(body: LoginRequest): Promise<Session> {
  return api<Session>("/api/auth/login", { method: "POST", body });
}

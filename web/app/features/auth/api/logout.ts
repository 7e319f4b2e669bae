import { api } from "@/lib/api";
import type { RefreshRequest } from "@/lib/api-types";

/** Revokes the session on the server (always 204, also for unknown tokens). */
export async function logout(body: RefreshRequest): Promise<void> {
  await api<void>("/api/auth/logout", { method: "POST", body });
}

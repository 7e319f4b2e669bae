import { apiClient, unwrap } from "@/lib/api";
import type { NewPasswordRequest, Session } from "@/lib/api-types";
import { setSession } from "@/lib/session-store";

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export async function askPasswordReset(email: string): Promise<void> {
  await unwrap(apiClient.POST("/api/auth/password-forgotten", { body: { email } }));
}

/** Which e-mailed link: a password reset or an invitation to become admin. */
export type LinkKind = "reset" | "invitation";

/** Sets the password through the e-mailed link and keeps the new session (signed in). */
export async function setPasswordWithLink(kind: LinkKind, body: NewPasswordRequest): Promise<Session> {
  const call =
    kind === "reset"
      ? apiClient.POST("/api/auth/password-reset", { body })
      : apiClient.POST("/api/auth/invitation", { body });
  const session = await unwrap(call);
  setSession(session);
  return session;
}

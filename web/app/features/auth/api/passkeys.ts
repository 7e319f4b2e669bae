import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient, ApiError, unwrap } from "@/lib/api";
import type { Session } from "@/lib/api-types";
import { NOT_AN_ADMIN_MESSAGE, setSession } from "@/lib/session-store";
import { isAdminSession } from "@/lib/session";
import { assertionJson, attestationJson, creationOptions, requestOptions } from "@/features/auth/lib/webauthn";

const passkeysKey = ["admin", "passkeys"] as const;

/** The OpenAPI document names WebAuthn's JSON only "an object"; its shape is the browser's. */
function asOpaque(json: Record<string, unknown>) {
  return json as Record<string, never>;
}

export const passkeysQueryOptions = queryOptions({
  queryKey: passkeysKey,
  queryFn: () => unwrap(apiClient.GET("/api/admin/passkeys")),
});

/** The signed-in admin's own passkeys and whether one is required. */
export function usePasskeys() {
  return useQuery(passkeysQueryOptions);
}

/** Asks the browser for a new passkey and saves it under `name`. */
async function addPasskey(name: string) {
  const challenge = await unwrap(apiClient.POST("/api/admin/passkeys/options"));
  const credential = (await navigator.credentials.create(creationOptions(challenge.options))) as PublicKeyCredential | null;
  if (!credential) throw new DOMException("no passkey", "NotAllowedError");
  return unwrap(
    apiClient.POST("/api/admin/passkeys", {
      body: { challenge_id: challenge.challenge_id, name, credential: asOpaque(attestationJson(credential)) },
    }),
  );
}

function useInvalidating<A, R>(fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }) });
}

export function useAddPasskey() {
  return useInvalidating(addPasskey);
}

export function useRenamePasskey() {
  return useInvalidating(({ id, name }: { id: number; name: string }) =>
    unwrap(apiClient.PUT("/api/admin/passkeys/{id}", { params: { path: { id } }, body: { name } })),
  );
}

export function useRemovePasskey() {
  return useInvalidating((id: number) => unwrap(apiClient.DELETE("/api/admin/passkeys/{id}", { params: { path: { id } } })));
}

export function useRequirePasskey() {
  return useInvalidating((required: boolean) =>
    unwrap(apiClient.PUT("/api/admin/passkeys/requirement", { body: { required } })),
  );
}

/** Signs in with a passkey the browser offers (no e-mail address first); keeps the admin's session. */
export async function signInWithPasskey(): Promise<Session> {
  const challenge = await unwrap(apiClient.POST("/api/auth/passkey/options"));
  const credential = (await navigator.credentials.get(requestOptions(challenge.options))) as PublicKeyCredential | null;
  if (!credential) throw new DOMException("no passkey", "NotAllowedError");
  const session = await unwrap(
    apiClient.POST("/api/auth/passkey/login", {
      body: { challenge_id: challenge.challenge_id, credential: asOpaque(assertionJson(credential)) },
    }),
  );
  if (!isAdminSession(session)) throw new ApiError(NOT_AN_ADMIN_MESSAGE, 403, "forbidden");
  setSession(session);
  return session;
}

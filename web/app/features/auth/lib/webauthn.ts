// WebAuthn in the browser: the server sends its options as JSON with binary values in base64url
// (webauthn-rs); navigator.credentials wants ArrayBuffers, and the answer goes back as JSON again.
// Done by hand rather than with PublicKeyCredential.parse…FromJSON, which older browsers lack.

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function" && !!navigator.credentials;
}

export function fromBase64url(text: string): ArrayBuffer {
  const base64 = text.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}

export function toBase64url(buffer: ArrayBuffer | ArrayBufferView): string {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer) : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

type Json = Record<string, unknown>;

interface Descriptor {
  id: string;
  type: string;
  transports?: string[];
}

function descriptors(list: unknown): PublicKeyCredentialDescriptor[] | undefined {
  if (!Array.isArray(list)) return undefined;
  return (list as Descriptor[]).map((d) => ({
    ...d,
    type: "public-key" as const,
    id: fromBase64url(d.id),
    transports: d.transports as AuthenticatorTransport[] | undefined,
  }));
}

/** The server's `{publicKey: …}` for navigator.credentials.create. */
export function creationOptions(options: Json): CredentialCreationOptions {
  const publicKey = options.publicKey as Json;
  const user = publicKey.user as Json;
  return {
    publicKey: {
      ...(publicKey as unknown as PublicKeyCredentialCreationOptions),
      challenge: fromBase64url(publicKey.challenge as string),
      user: { ...(user as unknown as PublicKeyCredentialUserEntity), id: fromBase64url(user.id as string) },
      excludeCredentials: descriptors(publicKey.excludeCredentials),
    },
  };
}

/** The server's `{publicKey: …}` for navigator.credentials.get. */
export function requestOptions(options: Json): CredentialRequestOptions {
  const publicKey = options.publicKey as Json;
  return {
    publicKey: {
      ...(publicKey as unknown as PublicKeyCredentialRequestOptions),
      challenge: fromBase64url(publicKey.challenge as string),
      allowCredentials: descriptors(publicKey.allowCredentials),
    },
  };
}

/** A new credential (from create) as the JSON the server reads. */
export function attestationJson(credential: PublicKeyCredential): Json {
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      attestationObject: toBase64url(response.attestationObject),
      clientDataJSON: toBase64url(response.clientDataJSON),
      transports: typeof response.getTransports === "function" ? response.getTransports() : undefined,
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/** A sign-in answer (from get) as the JSON the server reads. */
export function assertionJson(credential: PublicKeyCredential): Json {
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    id: credential.id,
    rawId: toBase64url(credential.rawId),
    type: credential.type,
    response: {
      authenticatorData: toBase64url(response.authenticatorData),
      clientDataJSON: toBase64url(response.clientDataJSON),
      signature: toBase64url(response.signature),
      userHandle: response.userHandle ? toBase64url(response.userHandle) : undefined,
    },
    extensions: credential.getClientExtensionResults(),
  };
}

/** The browser's refusal (the person cancelled, the dialog timed out) in Dutch; other errors pass. */
export function ceremonyMessage(error: unknown): string | undefined {
  if (error instanceof DOMException) {
    if (error.name === "NotAllowedError" || error.name === "AbortError") {
      return "Er is geen passkey gekozen of bevestigd. Probeer het opnieuw wanneer je klaar bent.";
    }
    if (error.name === "InvalidStateError") return "Deze passkey is al bewaard voor je account.";
    if (error.name === "SecurityError") return "Passkeys werken niet op dit adres van de site.";
    return "Je toestel kon de passkey niet gebruiken. Probeer het opnieuw.";
  }
  return undefined;
}

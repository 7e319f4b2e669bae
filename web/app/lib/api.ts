// The one client for the same-origin JSON API, typed by the paths of the server's OpenAPI
// document (app/lib/api-schema.d.ts): a wrong path, parameter, body or response field does not
// compile. Calls under /api/admin get the admin's token from the middleware in lib/admin-auth.
import createClient from "openapi-fetch";
import type { paths } from "@/lib/api-schema";
import type { ErrorBody } from "@/lib/api-types";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;
  /** Seconds from a 429's Retry-After header, when the server sent one. */
  readonly retryAfter?: number;

  constructor(message: string, status: number, code: string, fields?: Record<string, string>, retryAfter?: number) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const err = value.error;
  return typeof err === "object" && err !== null && typeof (err as { message?: unknown }).message === "string";
}

/** fetch() that turns a network failure into an ApiError (an abort stays an abort). */
export async function send(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new ApiError("", 0, "network_error");
  }
}

/** Query strings leave out empty values: an empty search box or the "all" filter is no filter. */
function querySerializer(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (typeof value === "string" ? value === "" : typeof value !== "number" && typeof value !== "boolean") continue;
    params.set(key, String(value));
  }
  return params.toString();
}

export const apiClient = createClient<paths>({
  // openapi-fetch builds a Request, which needs an absolute URL outside the browser (tests).
  baseUrl: typeof window === "undefined" ? "" : window.location.origin,
  headers: { Accept: "application/json" },
  querySerializer,
  // Looked up per call (not captured once), so tests can stub the global fetch.
  fetch: send,
});

interface CallResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * The answer of a call that succeeded. Otherwise throws an ApiError whose message is the
 * server's `error.message` (empty when the server sent none, e.g. on a network failure —
 * callers then show their own fallback text), with its status, code, field errors and Retry-After.
 */
export async function succeeded<T>(call: Promise<CallResult<T>>): Promise<{ data: T; response: Response }> {
  const { data, error, response } = await call;
  if (!response.ok) {
    const retryHeader = Number(response.headers.get("Retry-After"));
    const retryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
    if (isErrorBody(error)) {
      const { message, code, fields } = error.error;
      throw new ApiError(message, response.status, code, fields ?? undefined, retryAfter);
    }
    throw new ApiError("", response.status, "http_error", undefined, retryAfter);
  }
  return { data: data as T, response };
}

/** The parsed body of a call that succeeded; throws ApiError otherwise (see `succeeded`). */
export async function unwrap<T>(call: Promise<CallResult<T>>): Promise<T> {
  return (await succeeded(call)).data;
}

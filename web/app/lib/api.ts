// One small fetch wrapper for the same-origin JSON API.
import type { ApiErrorBody } from "@/lib/api-types";

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

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null || !("error" in value)) return false;
  const err = (value as { error: unknown }).error;
  return typeof err === "object" && err !== null && typeof (err as { message?: unknown }).message === "string";
}

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  body?: unknown;
  signal?: AbortSignal;
}

/** The fetch init for a JSON request (GET without a body, POST with one, unless `method` says otherwise). */
export function jsonRequestInit(options: RequestOptions = {}): RequestInit & { headers: Record<string, string> } {
  const { method = options.body === undefined ? "GET" : "POST", body, signal } = options;
  return {
    method,
    signal,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}

/** Turns a failed fetch into an ApiError (an abort stays an abort). */
export function networkError(cause: unknown): unknown {
  if (cause instanceof DOMException && cause.name === "AbortError") return cause;
  return new ApiError("", 0, "network_error");
}

/** Reads a response: the parsed JSON body when ok, else throws an ApiError with the server's message. */
export async function readApiResponse<T>(response: Response): Promise<T> {
  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const retryHeader = Number(response.headers.get("Retry-After"));
    const retryAfter = Number.isFinite(retryHeader) && retryHeader > 0 ? retryHeader : undefined;
    if (isErrorBody(data)) {
      const { message, code, fields } = data.error;
      throw new ApiError(message, response.status, code, fields ?? undefined, retryAfter);
    }
    throw new ApiError("", response.status, "http_error", undefined, retryAfter);
  }
  return data as T;
}

/**
 * Calls the API and returns the parsed JSON body.
 * When the response is not ok, throws an ApiError whose message is the
 * server's `error.message` (empty when the server sent none, e.g. on a
 * network failure — callers then show their own fallback text).
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, jsonRequestInit(options));
  } catch (cause) {
    throw networkError(cause);
  }
  return readApiResponse<T>(response);
}

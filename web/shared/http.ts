// The API client both apps build theirs from: JSON under /api, cookies included, never retried (a
// repeated POST could pay or withdraw twice), every failure turned into an ApiError carrying the
// server's { message, code } so the UI shows the same text as the CLI, and that message shown in
// a toast unless the caller reports it itself. Each app adds who is calling and what a 401 means.
// Plain fetch: a client library would add several kilobytes to the phone's first download for
// the little this needs (a prefix, a timeout, JSON both ways).
import { toast } from "./toast.ts";

const TIMEOUT_MS = 30_000;

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** A non-2xx answer, with its body read as JSON when it is JSON, else as text. */
class HttpFailure {
  constructor(
    readonly response: Response,
    readonly data: unknown,
  ) {}
}

/** The error a failed call becomes: the server's message, else "status: body" as the spec says. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HttpFailure) {
    const { status, statusText } = error.response;
    const data = error.data;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") {
      const code = "code" in data && typeof data.code === "string" ? data.code : "ERROR";
      return new ApiError(data.message, status, code);
    }
    return new ApiError(`${status}: ${typeof data === "string" && data ? data : statusText}`, status, "ERROR");
  }
  if (error instanceof Error && error.name === "TimeoutError") return new ApiError("The server took too long to answer", 0, "TIMEOUT");
  return new ApiError("Network error: check your connection and try again", 0, "NETWORK");
}

/** A body as JSON when it parses, else as the text it is (empty for none). */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return text;
  }
}

export type CallOptions = {
  /** Toast title for a failure; the server's message becomes its description. */
  errorTitle?: string;
  /** The caller reports the failure itself. */
  silent?: boolean;
  searchParams?: Record<string, string | number | undefined>;
};

type ClientOptions = {
  /** Says who is calling on each request (a bearer token, Telegram's init data). */
  identify: (headers: Headers) => void;
  /** Sees every failure first; true means it is dealt with, so no toast (a 401 that signs out). */
  handled?: (error: ApiError) => boolean;
  /** An error to fail with at once, without a request (the mini app once the server refused its user). */
  refusal?: () => ApiError | undefined;
  /** The toast title when the caller gives none. */
  errorTitle: string;
};

/** The URL under /api, without empty parameters, so a cleared search sends no `search=`. */
function urlFor(path: string, params: CallOptions["searchParams"]): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined && value !== "") query.set(key, String(value));
  const url = `/api/${path}`;
  return query.size ? `${url}${url.includes("?") ? "&" : "?"}${query}` : url;
}

export function createApi({ identify, handled, refusal, errorTitle }: ClientOptions) {
  async function send(method: string, path: string, json: unknown, options: CallOptions): Promise<unknown> {
    const headers = new Headers({ accept: "application/json" });
    if (json !== undefined) headers.set("content-type", "application/json");
    identify(headers);
    const response = await fetch(urlFor(path, options.searchParams), {
      method: method.toUpperCase(),
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: "include",
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const data = await readBody(response);
    if (!response.ok) throw new HttpFailure(response, data);
    return data;
  }

  async function call<T>(method: "get" | "post" | "put" | "patch", path: string, json: unknown, options: CallOptions): Promise<T> {
    const refused = refusal?.();
    if (refused) throw refused;
    try {
      return (await send(method, path, json, options)) as T;
    } catch (cause) {
      const error = toApiError(cause);
      if (!handled?.(error) && !options.silent) toast({ title: options.errorTitle ?? errorTitle, description: error.message, variant: "destructive" });
      throw error;
    }
  }

  return {
    get: <T>(path: string, options: CallOptions = {}) => call<T>("get", path, undefined, options),
    post: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("post", path, json, options),
    put: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("put", path, json, options),
    patch: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("patch", path, json, options),
  };
}

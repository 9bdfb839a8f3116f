// The API client both apps build theirs from: JSON under /api, cookies included, never retried (a
// repeated POST could pay or withdraw twice), every failure turned into an ApiError carrying the
// server's { message, code } so the UI shows the same text as the CLI, and that message shown in
// a toast unless the caller reports it itself. Each app adds who is calling and what a 401 means.
import ky, { HTTPError } from "ky";
import { toast } from "./toast.ts";

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The error a failed call becomes: the server's message, else "status: body" as the spec says. */
function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
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

/** Drops empty parameters, so a cleared search sends no `search=`. */
function cleanParams(params: CallOptions["searchParams"]) {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string | number>;
}

export function createApi({ identify, handled, refusal, errorTitle }: ClientOptions) {
  const http = ky.create({
    prefix: "/api",
    credentials: "include",
    retry: 0,
    timeout: 30_000,
    hooks: { beforeRequest: [({ request }) => identify(request.headers)] },
  });

  async function call<T>(method: "get" | "post" | "patch", path: string, json: unknown, options: CallOptions): Promise<T> {
    const refused = refusal?.();
    if (refused) throw refused;
    try {
      return await http(path, { method, json, searchParams: cleanParams(options.searchParams) }).json<T>();
    } catch (cause) {
      const error = toApiError(cause);
      if (!handled?.(error) && !options.silent) toast({ title: options.errorTitle ?? errorTitle, description: error.message, variant: "destructive" });
      throw error;
    }
  }

  return {
    get: <T>(path: string, options: CallOptions = {}) => call<T>("get", path, undefined, options),
    post: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("post", path, json, options),
    patch: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("patch", path, json, options),
  };
}

// The API client both apps build theirs from: JSON to and from the routes (called through
// api-routes.ts, so every path is checked against the server's), cookies included, never retried
// (a repeated POST could pay or withdraw twice), every failure turned into an ApiError carrying
// the server's { message, code } so the UI shows the same text as the CLI, and that message shown
// in a toast unless the caller reports it itself. Each app adds who is calling and what a 401 means.
// Plain fetch rather than ky, which the CLI uses: ky would add 8.3 KB gzipped to the mini app's
// first load and take it past its 45 KB budget (README, "Layout"), for the little this needs (a
// timeout, JSON both ways).
import { apiRoutes, type Call } from "@/api/client/routes.ts";
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

/** The name a file answer gives itself: `attachment; filename="users.csv"` is users.csv. */
const attachmentName = (disposition: string | null) => (disposition?.startsWith("attachment") ? (/filename="([^"]+)"/.exec(disposition)?.[1] ?? "download") : undefined);

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

/** The URL of a call, without empty query values, so a cleared search sends no `search=`. */
function urlFor({ path, query }: Call): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined && value !== "") search.set(key, String(value));
  return search.size ? `${path}?${search}` : path;
}

/** Sends a call and reports its failure (ApiError, toast) as the options say. */
export function createHttp({ identify, handled, refusal, errorTitle }: ClientOptions) {
  async function send(call: Call): Promise<unknown> {
    // Every call but a read sends a JSON body, `{}` when the route takes none.
    const json = call.method === "get" ? undefined : (call.body ?? {});
    const headers = new Headers({ accept: "application/json" });
    if (json !== undefined) headers.set("content-type", "application/json");
    identify(headers);
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new DOMException("The server took too long to answer", "TimeoutError")), TIMEOUT_MS);
    try {
      const response = await fetch(urlFor(call), {
        method: call.method.toUpperCase(),
        headers,
        body: json === undefined ? undefined : JSON.stringify(json),
        credentials: "include",
        signal: timeout.signal,
      });
      // A file to save (a CSV export) streams for as long as its list is long: the time limit is on its start.
      const fileName = response.ok ? attachmentName(response.headers.get("content-disposition")) : undefined;
      if (fileName) {
        clearTimeout(timer);
        return new File([await response.blob()], fileName, { type: response.headers.get("content-type") ?? "" });
      }
      const data = await readBody(response);
      if (!response.ok) throw new HttpFailure(response, data);
      return data;
    } finally {
      clearTimeout(timer);
    }
  }

  return async (call: Call, options: CallOptions = {}): Promise<unknown> => {
    const refused = refusal?.();
    if (refused) throw refused;
    try {
      return await send(call);
    } catch (cause) {
      const error = toApiError(cause);
      if (!handled?.(error) && !options.silent) toast({ title: options.errorTitle ?? errorTitle, description: error.message, variant: "destructive" });
      throw error;
    }
  };
}

/** An app's client of the API: the routes, each call sent and reported as `client` says. */
export const createApi = (client: ClientOptions) => apiRoutes<CallOptions>(createHttp(client));

// The one admin API client: adds the bearer token, turns failures into ApiError with the server's
// message, shows that message in a toast (unless the caller handles it), and on a 401 drops the
// token, which sends the admin to the login page.
import type { KyInstance } from "ky";
import { ApiError, createHttp, toApiError } from "../../shared/http.ts";
import { toast } from "../../shared/toast.ts";
import { clearToken, getToken } from "./auth-token.ts";

export { ApiError };

const http: KyInstance = createHttp({
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = getToken();
        if (token) request.headers.set("Authorization", `Bearer ${token}`);
      },
    ],
  },
});

export type CallOptions = {
  /** Toast title for a failure; the server's message becomes its description. */
  errorTitle?: string;
  /** The caller reports the failure itself (a 401 still signs out). */
  silent?: boolean;
  searchParams?: Record<string, string | number | undefined>;
};

type Method = "get" | "post" | "patch";

function cleanParams(params: CallOptions["searchParams"]) {
  if (!params) return undefined;
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== "")) as Record<string, string | number>;
}

async function call<T>(method: Method, path: string, json: unknown, options: CallOptions): Promise<T> {
  try {
    return await http(path, { method, json, searchParams: cleanParams(options.searchParams) }).json<T>();
  } catch (cause) {
    const error = toApiError(cause);
    if (error.status === 401 && getToken()) {
      clearToken();
      toast({ title: "Session expired", description: "Please sign in again", variant: "destructive" });
    } else if (!options.silent) {
      toast({ title: options.errorTitle ?? "Request failed", description: error.message, variant: "destructive" });
    }
    throw error;
  }
}

export const api = {
  get: <T>(path: string, options: CallOptions = {}) => call<T>("get", path, undefined, options),
  post: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("post", path, json, options),
  patch: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("patch", path, json, options),
};

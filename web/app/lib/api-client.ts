// The one API client of the mini app: every call carries the user's Telegram init data in
// X-Telegram-Init-Data, and a failure becomes an ApiError with the server's message, shown in a
// toast unless the caller handles it itself.
import { ApiError, createHttp, toApiError } from "../../shared/http.ts";
import { toast } from "../../shared/toast.ts";

export { ApiError };

let initData = "";

/** Set once the session knows who the user is (Telegram launch data or demo init data). */
export function setInitData(value: string): void {
  initData = value;
}

const client = createHttp({
  hooks: {
    beforeRequest: [
      ({ request }) => {
        if (initData) request.headers.set("X-Telegram-Init-Data", initData);
      },
    ],
  },
});

export type CallOptions = {
  /** Toast title for a failure; the server's message is its description. */
  errorTitle?: string;
  /** The caller shows the failure its own way. */
  silent?: boolean;
};

async function call<T>(method: "get" | "post", path: string, json: unknown, options: CallOptions): Promise<T> {
  try {
    return await client(path, { method, json }).json<T>();
  } catch (error) {
    const apiError = toApiError(error);
    if (!options.silent) toast({ title: options.errorTitle ?? "Something went wrong", description: apiError.message, variant: "destructive" });
    throw apiError;
  }
}

export const api = {
  get: <T>(path: string, options: CallOptions = {}) => call<T>("get", path, undefined, options),
  post: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("post", path, json, options),
};

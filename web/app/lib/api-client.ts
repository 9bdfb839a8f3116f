// The one API client of the mini app: every call carries the user's Telegram init data in
// X-Telegram-Init-Data, and a failure becomes an ApiError with the server's message, shown in a
// toast unless the caller handles it itself. The first 401 (expired, altered or missing init
// data) ends the conversation: the session shows the server's reason, and every later call fails
// at once without a request, since each would only be refused the same way.
import { ApiError, createHttp, toApiError } from "../../shared/http.ts";
import { toast } from "../../shared/toast.ts";

export { ApiError };

let initData = "";
let refusal: ApiError | undefined;
const refusalListeners = new Set<(refusal: ApiError) => void>();

/** Calls `listener` once the server refuses the user's identity (the first 401). */
export function onRefused(listener: (refusal: ApiError) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

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
  if (refusal) throw refusal;
  try {
    return await client(path, { method, json }).json<T>();
  } catch (error) {
    const apiError = toApiError(error);
    if (apiError.status === 401) {
      // No toast: the notice that replaces the app says it, with the way back to the bot.
      if (!refusal) {
        refusal = apiError;
        for (const listener of refusalListeners) listener(apiError);
      }
    } else if (!options.silent) {
      toast({ title: options.errorTitle ?? "Something went wrong", description: apiError.message, variant: "destructive" });
    }
    throw apiError;
  }
}

export const api = {
  get: <T>(path: string, options: CallOptions = {}) => call<T>("get", path, undefined, options),
  post: <T>(path: string, json: unknown = {}, options: CallOptions = {}) => call<T>("post", path, json, options),
};

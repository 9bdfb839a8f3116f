// The one API client of the mini app: the shared client with the user's Telegram init data in
// X-Telegram-Init-Data. The first 401 (expired, altered or missing init data) ends the
// conversation: it becomes the refusal, the session shows the server's reason instead of the app,
// and every later call fails at once without a request, since each would only be refused the same
// way. No toast for it: the notice that replaces the app says it, with the way back to the bot.
import { signal, type ReadonlySignal } from "@preact/signals-react";
import { type ApiError, createApi } from "@/web/shared/http.ts";

let initData = "";
const refused = signal<ApiError | undefined>(undefined);
/** The server's first refusal of the user's identity, if any. */
export const refusal: ReadonlySignal<ApiError | undefined> = refused;

/** Set once the session knows who the user is (Telegram launch data or demo init data). */
export function setInitData(value: string): void {
  initData = value;
}

export const api = createApi({
  identify: (headers) => {
    if (initData) headers.set("X-Telegram-Init-Data", initData);
  },
  handled: (error) => {
    if (error.status !== 401) return false;
    refused.value ??= error;
    return true;
  },
  refusal: () => refused.peek(),
  errorTitle: "Something went wrong",
});

/** A screen's data: a failure says "Failed to load data" with the server's reason. */
export const getData = <T>(path: string) => api.get<T>(path, { errorTitle: "Failed to load data" });

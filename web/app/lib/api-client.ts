// The one API client of the mini app: the shared client with the user's Telegram init data in
// X-Telegram-Init-Data. The first 401 (expired, altered or missing init data) ends the
// conversation: it becomes the refusal, the session shows the server's reason instead of the app,
// and every later call fails at once without a request, since each would only be refused the same
// way. No toast for it: the notice that replaces the app says it, with the way back to the bot.
// Other failures show a toast titled in the user's language, with the server's message (which the
// server words in the user's language too) or, when there is no answer at all, our own words.
import { signal, type ReadonlySignal } from "@preact/signals-react";
import { apiRoutes } from "@/api/client/routes.ts";
import { type ApiError, createHttp } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { i18n, type MessageKey } from "@/web/app/i18n/i18n.ts";

let initData = "";
const refused = signal<ApiError | undefined>(undefined);
/** The server's first refusal of the user's identity, if any. */
export const refusal: ReadonlySignal<ApiError | undefined> = refused;

/** Set once the session knows who the user is (Telegram launch data or demo init data). */
export function setInitData(value: string): void {
  initData = value;
}

const send = createHttp({
  identify: (headers) => {
    if (initData) headers.set("X-Telegram-Init-Data", initData);
  },
  handled: (error) => {
    if (error.status !== 401) return false;
    refused.value ??= error;
    return true;
  },
  refusal: () => refused.peek(),
  errorTitle: "",
});

/** What went wrong, in the user's language when the server could not say it. */
export function describeError(error: ApiError): string {
  const { t } = i18n();
  if (error.code === "NETWORK") return t("errors.network");
  if (error.code === "TIMEOUT") return t("errors.timeout");
  return error.message;
}

export type Options = {
  /** The toast's title for a failure; the error's text becomes its description. */
  error?: MessageKey;
  /** The caller reports the failure itself (beside a form field, or on the start-up screen). */
  silent?: boolean;
};

// The shared client stays silent: the titles are the user's language, looked up when a call fails.
const routes = (fallback: MessageKey) =>
  apiRoutes<Options>(async (call, { error = fallback, silent } = {}) => {
    try {
      return await send(call, { silent: true });
    } catch (cause) {
      const failure = cause as ApiError;
      if (!silent && failure.status !== 401) toast({ title: i18n().t(error), description: describeError(failure), variant: "destructive" });
      throw failure;
    }
  });

export const api = routes("errors.generic");

/** A screen's data: a failure says "Failed to load data" with the server's reason. */
export const getData = routes("errors.loadData").get;

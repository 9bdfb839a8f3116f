// Who the user is, and which language the app speaks to them. Inside Telegram that is the signed
// init data from the launch parameters. In a plain browser the app works only when the server runs
// in demo mode: it then asks the server for demo init data (for ?tgUserId= when given), so anyone
// can try the app. Otherwise the app shows the "Access Through Telegram Required" notice, and it
// shows it with the server's reason when the server refuses the init data (expired, altered), at
// start or later. The catalogue of the guessed language downloads alongside the first calls; the
// app appears once the server has said the user's language and its catalogue is here.
import { signal, type ReadonlySignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { PublicConfigDto } from "@/api/contract.ts";
import { isLanguage, type Language } from "@/domain/i18n/languages.ts";
import type { ApiError } from "@/web/shared/http.ts";
import { toast } from "@/web/shared/toast.ts";
import { getConfig } from "./api/get-config.ts";
import { getMe, setMe } from "./api/get-me.ts";
import { loadCatalogue } from "./i18n/catalogue.ts";
import { canSpeak, guessLanguage, i18n, speak, type MessageKey } from "./i18n/i18n.ts";
import { api, describeError, refusal, setInitData } from "./lib/api-client.ts";
import type { LaunchParams } from "./telegram/launch-params.ts";

export type Session =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "outside"; config: PublicConfigDto }
  | { status: "refused"; config: PublicConfigDto; reason: string }
  | { status: "ready"; config: PublicConfigDto };

const demoUserKey = "refbot:demo-tg-user-id";
const current = signal<Session>({ status: "loading" });
export const session: ReadonlySignal<Session> = current;

async function demoInitData(): Promise<string> {
  const query = new URLSearchParams(location.search);
  const fromQuery = query.get("tgUserId");
  if (fromQuery && /^\d+$/.test(fromQuery)) sessionStorage.setItem(demoUserKey, fromQuery);
  const tgId = sessionStorage.getItem(demoUserKey);
  // A referral code in the demo link (?startapp=CODE, as in t.me/<bot>/app?startapp=CODE) goes
  // into the signed init data, so a new demo user is bound to that referrer as in Telegram.
  const startParam = query.get("startapp") ?? query.get("tgWebAppStartParam");
  const demo = { tgId: tgId ? Number(tgId) : undefined, startParam: startParam || undefined };
  const { initData } = await api.get("/api/demo/init-data", { query: demo }, { silent: true });
  return initData;
}

/** Speaks `language` if it can; a catalogue that cannot be fetched leaves the start-up screen's own words. */
const trySpeaking = (language: Language) => speak(language).catch(() => undefined);

export async function startSession(launch: LaunchParams | undefined): Promise<void> {
  let config: PublicConfigDto | undefined;
  const guess = guessLanguage(launch?.initData);
  // Fetched now, beside the calls below; speak() picks up the same download.
  loadCatalogue(guess).catch(() => undefined);
  // The first 401, now or at any later call, replaces the app with the server's reason.
  refusal.subscribe((refused) => {
    if (!refused || !config) return;
    const known = config;
    void (canSpeak() ? Promise.resolve() : trySpeaking(guess)).then(() => (current.value = { status: "refused", config: known, reason: refused.message }));
  });
  let step: MessageKey = "errors.loadApp";
  try {
    if (launch) setInitData(launch.initData);
    config = await getConfig();
    if (!launch) {
      if (!config.demoMode) {
        await trySpeaking(guess);
        current.value = { status: "outside", config };
        return;
      }
      step = "errors.demoSignIn";
      setInitData(await demoInitData());
      step = "errors.loadApp";
    }
    // Who the user is, before any screen asks for its own data: init data the server refuses
    // costs this one call, not one per screen part.
    const me = await getMe({ silent: true });
    setMe(me);
    await speak(isLanguage(me.language) ? me.language : guess);
    current.value = { status: "ready", config };
  } catch (error) {
    // A refusal is shown by the subscription above; anything else by a toast, once the app can
    // say it in the user's language.
    if (refusal.peek()) return;
    if (!canSpeak()) await trySpeaking(guess);
    if (canSpeak() && (error as ApiError).status !== undefined) toast({ title: i18n().t(step), description: describeError(error as ApiError), variant: "destructive" });
    current.value = { status: "failed" };
  }
}

export function useSession(): Session {
  useSignals();
  return current.value;
}

/** The configuration, for components that render only once the session is ready. */
export function useConfig(): PublicConfigDto {
  const state = useSession();
  if (state.status === "loading" || state.status === "failed") throw new Error("useConfig used before the session was ready");
  return state.config;
}

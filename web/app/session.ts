// Who the user is. Inside Telegram that is the signed init data from the launch parameters. In a
// plain browser the app works only when the server runs in demo mode: it then asks the server
// for demo init data (for ?tgUserId= when given), so anyone can try the app. Otherwise the app
// shows the "Access Through Telegram Required" notice, and it shows it with the server's reason
// when the server refuses the init data (expired, altered), at start or later.
import { signal, type ReadonlySignal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import type { Answer, PublicConfigDto } from "@/api/http/contract.ts";
import { getConfig } from "./api/get-config.ts";
import { getMe, setMe } from "./api/get-me.ts";
import { api, refusal, setInitData } from "./lib/api-client.ts";
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
  const params = new URLSearchParams();
  const tgId = sessionStorage.getItem(demoUserKey);
  if (tgId) params.set("tgId", tgId);
  // A referral code in the demo link (?startapp=CODE, as in t.me/<bot>/app?startapp=CODE) goes
  // into the signed init data, so a new demo user is bound to that referrer as in Telegram.
  const startParam = query.get("startapp") ?? query.get("tgWebAppStartParam");
  if (startParam) params.set("startParam", startParam);
  const path = `demo/init-data${params.size ? `?${params}` : ""}`;
  const { initData } = await api.get<Answer<"get", "/api/demo/init-data">>(path, { errorTitle: "Demo sign-in failed" });
  return initData;
}

export async function startSession(launch: LaunchParams | undefined): Promise<void> {
  let config: PublicConfigDto | undefined;
  // The first 401, now or at any later call, replaces the app with the server's reason.
  refusal.subscribe((refused) => {
    if (refused && config) current.value = { status: "refused", config, reason: refused.message };
  });
  try {
    if (launch) setInitData(launch.initData);
    config = await getConfig();
    if (!launch) {
      if (!config.demoMode) {
        current.value = { status: "outside", config };
        return;
      }
      setInitData(await demoInitData());
    }
    // Who the user is, before any screen asks for its own data: init data the server refuses
    // costs this one call, not one per screen part.
    setMe(await getMe("Failed to load the app"));
    current.value = { status: "ready", config };
  } catch {
    // A refusal has already been shown by the subscription above; anything else by a toast.
    if (current.peek().status !== "refused") current.value = { status: "failed" };
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

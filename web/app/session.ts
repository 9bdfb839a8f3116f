// Who the user is. Inside Telegram that is the signed init data from the launch parameters. In a
// plain browser the app works only when the server runs in demo mode: it then asks the server
// for demo init data (for ?tgUserId= when given), so anyone can try the app. Otherwise the app
// shows the "Access Through Telegram Required" notice, and it shows it with the server's reason
// when the server refuses the init data (expired, altered), at start or later.
import { useSyncExternalStore } from "react";
import { getConfig } from "./api/get-config.ts";
import { setMe } from "./api/get-me.ts";
import type { Config, Me } from "./api/types.ts";
import { api, onRefused, setInitData } from "./lib/api-client.ts";
import type { LaunchParams } from "./telegram/launch-params.ts";

export type Session =
  | { status: "loading" }
  | { status: "failed" }
  | { status: "outside"; config: Config }
  | { status: "refused"; config: Config; reason: string }
  | { status: "ready"; config: Config };

const demoUserKey = "refbot:demo-tg-user-id";
let session: Session = { status: "loading" };
const listeners = new Set<() => void>();

function set(next: Session) {
  session = next;
  for (const listener of listeners) listener();
}

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
  const { initData } = await api.get<{ initData: string }>(`demo/init-data${params.size ? `?${params}` : ""}`, { errorTitle: "Demo sign-in failed" });
  return initData;
}

export async function startSession(launch: LaunchParams | undefined): Promise<void> {
  let config: Config | undefined;
  // The first 401, now or at any later call, replaces the app with the server's reason.
  onRefused((refusal) => config && set({ status: "refused", config, reason: refusal.message }));
  try {
    if (launch) setInitData(launch.initData);
    config = await getConfig();
    if (!launch) {
      if (!config.demoMode) return set({ status: "outside", config });
      setInitData(await demoInitData());
    }
    // Who the user is, before any screen asks for its own data: init data the server refuses
    // costs this one call, not one per screen part.
    setMe(await api.get<Me>("me", { errorTitle: "Failed to load the app" }));
    set({ status: "ready", config });
  } catch {
    // A refusal has already been shown by the listener above; anything else by a toast.
    if (session.status !== "refused") set({ status: "failed" });
  }
}

export function useSession(): Session {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => session,
  );
}

/** The configuration, for components that render only once the session is ready. */
export function useConfig(): Config {
  const current = useSession();
  if (current.status === "loading" || current.status === "failed") throw new Error("useConfig used before the session was ready");
  return current.config;
}

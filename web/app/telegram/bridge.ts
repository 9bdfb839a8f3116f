// The small part of Telegram's Web App protocol this app needs, without loading
// telegram-web-app.js from the internet: methods go out through whichever channel the client
// exposes, and events come back through window.Telegram.WebView.receiveEvent (or postMessage on
// Telegram Web, which hosts the app in an iframe).

type Listener = (data: any) => void;

declare global {
  interface Window {
    TelegramWebviewProxy?: { postEvent(eventType: string, eventData: string): void };
    Telegram?: { WebView?: { receiveEvent(eventType: string, eventData: unknown): void } };
  }
}

const listeners = new Map<string, Set<Listener>>();
let insideTelegram = false;
let clientVersion: number[] = [];

function dispatch(eventType: string, eventData: unknown) {
  for (const listener of listeners.get(eventType) ?? []) listener(eventData);
}

const parseVersion = (version: string) => version.split(".").map((part) => Number.parseInt(part, 10) || 0);

/**
 * Installs the receiver Telegram calls. `inside` says whether launch parameters came from
 * Telegram, `version` is the Bot API version its client speaks (tgWebAppVersion).
 */
export function installBridge(inside: boolean, version = "6.0"): void {
  insideTelegram = inside;
  clientVersion = parseVersion(version);
  window.Telegram = { ...window.Telegram, WebView: { receiveEvent: dispatch } };
  window.addEventListener("message", (event) => {
    if (event.source !== window.parent || typeof event.data !== "string") return;
    try {
      const { eventType, eventData } = JSON.parse(event.data);
      if (typeof eventType === "string") dispatch(eventType, eventData);
    } catch {
      // Other scripts may post non-JSON messages to this window; they are not Telegram's.
    }
  });
}

export function isInsideTelegram(): boolean {
  return insideTelegram;
}

/** Inside a Telegram client whose Web App version is at least `version` ("6.2" for popups). */
export function supports(version: string): boolean {
  if (!insideTelegram) return false;
  const wanted = parseVersion(version);
  for (let i = 0; i < wanted.length; i++) {
    const have = clientVersion[i] ?? 0;
    if (have !== wanted[i]) return have > wanted[i]!;
  }
  return true;
}

export function postEvent(eventType: string, eventData: Record<string, unknown> = {}): void {
  // Outside Telegram there is nobody to receive the event; posting to our own window is harmless
  // but pointless, so the browser demo skips it.
  if (!insideTelegram) return;
  const proxy = window.TelegramWebviewProxy;
  if (proxy) return proxy.postEvent(eventType, JSON.stringify(eventData));
  const external = window.external as unknown as { notify?: (payload: string) => void } | undefined;
  if (external && typeof external.notify === "function") return external.notify(JSON.stringify({ eventType, eventData }));
  window.parent.postMessage(JSON.stringify({ eventType, eventData }), "*");
}

export function onEvent(eventType: string, listener: Listener): () => void {
  let set = listeners.get(eventType);
  if (!set) listeners.set(eventType, (set = new Set()));
  set.add(listener);
  return () => void set.delete(listener);
}

// Telegram's Web App protocol through the maintained @telegram-apps/bridge (no
// telegram-web-app.js from the internet): it knows each client's channel out (the webview proxy,
// window.external, postMessage to Telegram Web's frame) and installs the receivers events come back
// through. This file only adds what the app decides itself: outside Telegram (the browser demo)
// nothing is posted, and a feature is used only where the client's version has it.
import { compareVersions, on, postEvent as post } from "@telegram-apps/bridge";

type Listener = (data: any) => void;

declare global {
  interface Window {
    TelegramWebviewProxy?: { postEvent(eventType: string, eventData: string): void };
    Telegram?: { WebView?: { receiveEvent(eventType: string, eventData: unknown): void } };
  }
}

let insideTelegram = false;
let clientVersion = "6.0";

/**
 * `inside` says whether launch parameters came from Telegram, `version` is the Bot API version its
 * client speaks (tgWebAppVersion).
 */
export function installBridge(inside: boolean, version = "6.0"): void {
  insideTelegram = inside;
  clientVersion = version;
}

export function isInsideTelegram(): boolean {
  return insideTelegram;
}

/** Inside a Telegram client whose Web App version is at least `version` ("6.2" for popups). */
export function supports(version: string): boolean {
  return insideTelegram && compareVersions(clientVersion, version) >= 0;
}

export function postEvent(eventType: string, eventData: Record<string, unknown> = {}): void {
  // Outside Telegram there is nobody to receive the event.
  if (!insideTelegram) return;
  // The app's own calls are checked where they are made; the bridge's method names are a closed
  // union that a plain string does not satisfy.
  (post as (type: string, data?: Record<string, unknown>) => void)(eventType, eventData);
}

export function onEvent(eventType: string, listener: Listener): () => void {
  return (on as (type: string, listener: Listener) => () => void)(eventType, listener);
}

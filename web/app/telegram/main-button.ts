// Telegram's MainButton (web_app_setup_main_button / main_button_pressed) for a screen's or a
// sheet's main action. As with the back button, whoever shows an action pushes it while shown and
// the newest one owns the button: an open sheet's "Request Withdrawal" covers the wallet screen's
// "Withdraw", which comes back when the sheet closes. Outside Telegram the callers draw their own
// in-page button instead (see MainAction).
import { useEffect, useRef } from "react";
import { isInsideTelegram, onEvent, postEvent } from "./bridge.ts";

export type MainButtonAction = { text: string; onPress: () => void; busy?: boolean };

const shown: Array<{ current: MainButtonAction }> = [];
let sent = "";

function sync() {
  const top = shown.at(-1)?.current;
  const params = top ? { is_visible: true, is_active: !top.busy, is_progress_visible: !!top.busy, text: top.text } : { is_visible: false };
  // The same state twice would only make the button flicker on some clients.
  const key = JSON.stringify(params);
  if (key === sent) return;
  sent = key;
  postEvent("web_app_setup_main_button", params);
}

let listening = false;

// Listened for from the first use on, so the app's first download carries none of this.
function listen() {
  if (listening) return;
  listening = true;
  onEvent("main_button_pressed", () => {
    const top = shown.at(-1)?.current;
    if (top && !top.busy) top.onPress();
  });
}

/** While `action` is given (and the app runs in Telegram), the MainButton shows it. */
export function useMainButton(action: MainButtonAction | null): void {
  // One stable entry per caller, holding its newest action, so a press runs the current handler.
  const entry = useRef<{ current: MainButtonAction }>(null!);
  entry.current ??= { current: action! };
  if (action) entry.current.current = action;
  const active = action !== null && isInsideTelegram();
  useEffect(() => {
    if (!active) return;
    listen();
    const mine = entry.current;
    shown.push(mine);
    sync();
    return () => {
      shown.splice(shown.indexOf(mine), 1);
      sync();
    };
  }, [active]);
  // The text or the progress may change while shown.
  useEffect(() => {
    if (active) sync();
  });
}

// Telegram's back button (web_app_setup_back_button / back_button_pressed). Screens and dialogs
// push a handler while they are shown; the newest handler answers the press, and the button is
// visible while any handler is registered.
import { useEffect, useRef } from "react";
import { onEvent, postEvent } from "./bridge.ts";

const handlers: Array<() => void> = [];
let visible = false;

function sync() {
  const next = handlers.length > 0;
  if (next === visible) return;
  visible = next;
  postEvent("web_app_setup_back_button", { is_visible: next });
}

export function listenForBackButton(): void {
  onEvent("back_button_pressed", () => handlers.at(-1)?.());
}

/** While `active`, the back button is shown and a press calls `onBack`. */
export function useBackButton(active: boolean, onBack: () => void): void {
  const latest = useRef(onBack);
  latest.current = onBack;
  useEffect(() => {
    if (!active) return;
    const handler = () => latest.current();
    handlers.push(handler);
    sync();
    return () => {
      handlers.splice(handlers.indexOf(handler), 1);
      sync();
    };
  }, [active]);
}

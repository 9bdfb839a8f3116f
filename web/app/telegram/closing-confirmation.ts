// Telegram's closing confirmation (web_app_setup_closing_behavior): while any form holds typed
// but unsent input, closing the app asks first, so a swipe down does not lose it.
import { useEffect } from "react";
import { postEvent } from "./bridge.ts";

let holders = 0;

function sync(delta: number) {
  const before = holders > 0;
  holders += delta;
  if (before !== holders > 0) postEvent("web_app_setup_closing_behavior", { need_confirmation: holders > 0 });
}

/** While `active` (a half-filled form), closing the app asks for confirmation. */
export function useClosingConfirmation(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    sync(1);
    return () => sync(-1);
  }, [active]);
}

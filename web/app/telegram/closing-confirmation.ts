// Telegram's closing confirmation (web_app_setup_closing_behavior): while any form holds typed
// but unsent input, closing the app asks first, so a swipe down does not lose it.
import { postEvent } from "./bridge.ts";
import { heldSetting } from "./held-setting.ts";

/** While `active` (a half-filled form), closing the app asks for confirmation. */
export const useClosingConfirmation = heldSetting((held) => postEvent("web_app_setup_closing_behavior", { need_confirmation: held }));

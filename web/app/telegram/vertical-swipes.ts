// Telegram closes or folds the app when it is swiped down (Bot API 7.7 lets an app turn that
// off). While a dialog or its form is open, a swipe meant to scroll it or to dismiss the keyboard
// must not take the app away under it: swipes are off for as long as one is open.
import { postEvent, supports } from "./bridge.ts";
import { heldSetting } from "./held-setting.ts";

export const useVerticalSwipesOff = heldSetting((held) => {
  if (supports("7.7")) postEvent("web_app_setup_swipe_behavior", { allow_vertical_swipe: !held });
});

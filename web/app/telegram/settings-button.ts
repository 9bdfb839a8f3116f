// Telegram's Settings item in the app's menu (Bot API 6.10) opens what the app lets a user set:
// the language, at the top of Info.
import { onEvent, postEvent, supports } from "./bridge.ts";

export function listenForSettingsButton(open: () => void): void {
  if (!supports("6.10")) return;
  onEvent("settings_button_pressed", open);
  postEvent("web_app_setup_settings_button", { is_visible: true });
}

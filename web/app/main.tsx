// Mini app entry: read Telegram's launch parameters, speak its Web App protocol (theme, full
// height or fullscreen, safe areas, back and settings buttons, haptics), find out who the user is
// and which language to speak, and render.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PlatformContext } from "@/web/shared/ui/platform.ts";
import { App } from "./app.tsx";
import { AppToaster } from "./components/app-toaster.tsx";
import { keepToastsShort } from "./lib/short-toasts.ts";
import { startSession } from "./session.ts";
import { navigate } from "./lib/router.tsx";
import { paths } from "./paths.ts";
import { listenForBackButton } from "./telegram/back-button.ts";
import { installBridge, postEvent } from "./telegram/bridge.ts";
import { buzzWithToasts } from "./telegram/haptics.ts";
import { goFullscreen } from "./telegram/fullscreen.ts";
import { readLaunchParams } from "./telegram/launch-params.ts";
import { telegramPlatform } from "./telegram/platform.ts";
import { followSafeAreas } from "./telegram/safe-area.ts";
import { listenForSettingsButton } from "./telegram/settings-button.ts";
import { followTheme } from "./telegram/theme.ts";
import "./styles.css";

const launch = readLaunchParams();
installBridge(launch !== undefined, launch?.version);
void startSession(launch);
followTheme(launch?.themeParams ?? {});
listenForBackButton();
// The language is the one thing a user sets, at the top of Info.
listenForSettingsButton(() => {
  navigate(paths.info);
  window.scrollTo(0, 0);
});
followSafeAreas();
buzzWithToasts();
keepToastsShort();
postEvent("web_app_ready");
postEvent("web_app_expand");
goFullscreen(launch?.platform);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PlatformContext value={telegramPlatform}>
      <App />
      <AppToaster />
    </PlatformContext>
  </StrictMode>,
);

// Mini app entry: read Telegram's launch parameters, speak its Web App protocol (theme, full
// height, back button, haptics), find out who the user is and which language to speak, and
// render.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { PlatformContext } from "@/web/shared/ui/platform.ts";
import { App } from "./app.tsx";
import { AppToaster } from "./components/app-toaster.tsx";
import { keepToastsShort } from "./lib/short-toasts.ts";
import { startSession } from "./session.ts";
import { listenForBackButton } from "./telegram/back-button.ts";
import { installBridge, postEvent } from "./telegram/bridge.ts";
import { buzzWithToasts } from "./telegram/haptics.ts";
import { readLaunchParams } from "./telegram/launch-params.ts";
import { telegramPlatform } from "./telegram/platform.ts";
import { followTheme } from "./telegram/theme.ts";
import "./styles.css";

const launch = readLaunchParams();
installBridge(launch !== undefined, launch?.version);
void startSession(launch);
followTheme(launch?.themeParams ?? {});
listenForBackButton();
buzzWithToasts();
keepToastsShort();
postEvent("web_app_ready");
postEvent("web_app_expand");

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PlatformContext value={telegramPlatform}>
      <App />
      <AppToaster />
    </PlatformContext>
  </StrictMode>,
);

// Mini app entry: read Telegram's launch parameters, speak its Web App protocol (theme, full
// height, back button, haptics), find out who the user is, and render.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { Toaster } from "@/web/shared/ui/toaster.tsx";
import { PlatformContext } from "@/web/shared/ui/platform.ts";
import { App } from "./app.tsx";
import { startSession } from "./session.ts";
import { listenForBackButton } from "./telegram/back-button.ts";
import { installBridge, postEvent } from "./telegram/bridge.ts";
import { buzzWithToasts } from "./telegram/haptics.ts";
import { readLaunchParams } from "./telegram/launch-params.ts";
import { telegramPlatform } from "./telegram/platform.ts";
import { followTheme } from "./telegram/theme.ts";
import "./styles.css";

const launch = readLaunchParams();
installBridge(launch !== undefined);
followTheme(launch?.themeParams ?? {});
listenForBackButton();
buzzWithToasts();
postEvent("web_app_ready");
postEvent("web_app_expand");
void startSession(launch);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <PlatformContext value={telegramPlatform}>
      <App />
      <Toaster variant="banner" />
    </PlatformContext>
  </StrictMode>,
);

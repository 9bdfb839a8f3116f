// Mini app entry: read Telegram's launch parameters, speak its Web App protocol (theme, full
// height, back button), find out who the user is, and render.
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { Toaster } from "./components/toaster.tsx";
import { startSession } from "./session.ts";
import { listenForBackButton } from "./telegram/back-button.ts";
import { installBridge, postEvent } from "./telegram/bridge.ts";
import { readLaunchParams } from "./telegram/launch-params.ts";
import { followTheme } from "./telegram/theme.ts";
import "./styles.css";

const launch = readLaunchParams();
installBridge(launch !== undefined);
followTheme(launch?.themeParams ?? {});
listenForBackButton();
postEvent("web_app_ready");
postEvent("web_app_expand");
void startSession(launch);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <App />
    <Toaster />
  </StrictMode>,
);

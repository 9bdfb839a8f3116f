// The frame around every screen, or the Telegram notice when the server does not know the user.
// Telegram's back button is shown on every screen but Home and goes back in the app's history, or
// to Home when the screen was opened directly.
import { useMe } from "../../api/get-me.ts";
import { navigate, useLocation } from "../../lib/router.tsx";
import { paths } from "../../paths.ts";
import { useConfig } from "../../session.ts";
import { useBackButton } from "../../telegram/back-button.ts";
import { TelegramRequired } from "../telegram-required.tsx";
import { AppHeader } from "./app-header.tsx";
import { BottomNav } from "./bottom-nav.tsx";

export function AppShell({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const atHome = location.pathname === paths.home || location.pathname === paths.root;
  const config = useConfig();
  const me = useMe();
  useBackButton(!atHome, () => (location.depth > 0 ? navigate(-1) : navigate(paths.home, { replace: true })));
  // The server did not accept the user's Telegram data (forged, expired or missing).
  if (me.error?.status === 401) return <TelegramRequired config={config} />;
  return (
    <div className="min-h-dvh">
      <AppHeader />
      <main className="mx-auto max-w-md space-y-4 px-4 pt-4 pb-28">
        {children}
      </main>
      <BottomNav />
    </div>
  );
}

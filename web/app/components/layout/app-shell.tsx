// The frame around every screen. Telegram's back button is shown on every screen but Home and goes
// back in the app's history, or to Home when the screen was opened directly. (When the server
// refuses the user, the session replaces the whole app with the Telegram notice.)
import { navigate, useLocation } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { useBackButton } from "@/web/app/telegram/back-button.ts";
import { AppHeader } from "./app-header.tsx";
import { BottomNav } from "./bottom-nav.tsx";

export function AppShell({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  const atHome = location.pathname === paths.home || location.pathname === paths.root;
  useBackButton(!atHome, () => (location.depth > 0 ? navigate(-1) : navigate(paths.home, { replace: true })));
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

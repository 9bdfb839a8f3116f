// The frame around every screen: the screen and the bottom navigation (Telegram's own header
// already names the bot, so the app draws none). Telegram's back button belongs to screens below a
// tab (Info, an unknown path): it goes back in the app's history, or to Home when the screen was
// opened directly. A toast from one screen does not follow the user to the next. (When the server
// refuses the user, the session replaces the whole app with the Telegram notice.)
import { useEffect, type ReactNode } from "react";
import { navigate, useLocation } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { useBackButton } from "@/web/app/telegram/back-button.ts";
import { dismissToast } from "@/web/shared/toast.ts";
import { BottomNav, isTab } from "./bottom-nav.tsx";

export function AppShell({ children }: { children: ReactNode }) {
  const location = useLocation();
  useBackButton(!isTab(location.pathname), () => (location.depth > 0 ? navigate(-1) : navigate(paths.home, { replace: true })));
  useEffect(() => dismissToast(), [location.pathname]);
  return (
    <div className="min-h-dvh">
      <main className="mx-auto max-w-md space-y-4 pt-[calc(1rem+var(--app-inset-top))] pr-[calc(1rem+var(--app-inset-right))] pb-[calc(7rem+var(--app-inset-bottom))] pl-[calc(1rem+var(--app-inset-left))]">
        {children}
      </main>
      <BottomNav />
    </div>
  );
}

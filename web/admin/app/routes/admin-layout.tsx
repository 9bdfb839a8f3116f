// Every admin page but the login: no token means the login page (also after a 401, which drops
// the token); otherwise the header with product name, tagline, bot light and sign-out, the
// section navigation, and the page.
import { useSignals } from "@preact/signals-react/runtime";
import { Navigate, Outlet, useLocation } from "react-router-dom";
import { Button } from "@/web/shared/ui/button.tsx";
import { BotIcon, LogOutIcon } from "@/web/shared/ui/icons.tsx";
import { BotStatus } from "@/web/admin/components/layout/bot-status.tsx";
import { MainNav } from "@/web/admin/components/layout/main-nav.tsx";
import { useSignOut } from "@/web/admin/features/auth/use-sign-out.ts";
import { useAccess } from "@/web/admin/lib/access.ts";
import { token } from "@/web/admin/lib/auth-token.ts";
import { useConfig } from "@/web/admin/lib/config.ts";
import { useHealth } from "@/web/admin/lib/health.ts";
import { paths } from "@/web/admin/paths.ts";

export function AdminLayout() {
  useSignals();
  const location = useLocation();
  if (!token.value) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  return <Shell />;
}

function Shell() {
  const config = useConfig();
  const health = useHealth();
  const signOut = useSignOut();
  const { role } = useAccess();
  return (
    <div className="min-h-dvh">
      <a href="#main" className="sr-only z-50 rounded bg-white px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2">
        Skip to content
      </a>
      <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-3 px-4 py-3 sm:px-6 lg:px-8">
          <div className="flex min-w-0 items-center gap-3">
            <div className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-fg">
              <BotIcon className="h-5 w-5" />
            </div>
            <div className="min-w-0">
              <p className="truncate text-base font-bold text-slate-900">{config.data?.productName ?? "RefBot"}</p>
              <p className="truncate text-xs text-slate-500">Telegram Referral Bot Management</p>
            </div>
          </div>
          <div className="flex items-center gap-2">
            <BotStatus health={health.data} loading={health.isLoading} />
            {/* Who is signed in, so a viewer knows why there are no buttons that change things. */}
            {role && (
              <span data-testid="signed-in-role" className="hidden rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700 capitalize sm:inline">
                {role === "viewer" ? "Viewer · read only" : role}
              </span>
            )}
            <Button variant="ghost" size="sm" onClick={() => void signOut()} aria-label="Sign out">
              <LogOutIcon />
              <span className="hidden sm:inline">Sign out</span>
            </Button>
          </div>
        </div>
        <MainNav />
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}

// The mini app's routes, all under /app; /app itself shows Home. Home is in the first download;
// the other screens load when first opened, keeping the phone's first load small.
import { lazy, Suspense, type ComponentType } from "react";
import { AppShell } from "./components/layout/app-shell.tsx";
import { ScreenSkeleton } from "./components/layout/screen-skeleton.tsx";
import { prefetchPart } from "./i18n/i18n.ts";
import { useLocation } from "./lib/router.tsx";
import { paths } from "./paths.ts";
import { HomeScreen } from "./routes/home.tsx";

const NotFoundScreen = lazy(() => import("./routes/not-found.tsx"));

const screens: Record<string, ComponentType> = {
  [paths.root]: HomeScreen,
  [paths.home]: HomeScreen,
  [paths.tasks]: lazy(() => import("./routes/tasks.tsx")),
  [paths.referrals]: lazy(() => import("./routes/referrals.tsx")),
  [paths.wallet]: lazy(() => import("./routes/wallet.tsx")),
  [paths.leaderboard]: lazy(() => import("./routes/leaderboard.tsx")),
  // The Info texts come in a catalogue part of their own, fetched beside the screen's code.
  [paths.info]: lazy(() => (prefetchPart("app-info"), import("./routes/info.tsx"))),
};

export function AppRoutes() {
  const { pathname } = useLocation();
  const Screen = screens[pathname] ?? NotFoundScreen;
  return (
    <AppShell>
      <Suspense fallback={<ScreenSkeleton />}>
        <Screen />
      </Suspense>
    </AppShell>
  );
}

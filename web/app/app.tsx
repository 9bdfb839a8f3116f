// Chooses what to show from the session: a loading frame, the Telegram notice, or the app. The
// notice is for the few who open the app outside Telegram or with a stale link, so it downloads
// only when shown.
import { lazy, Suspense } from "react";
import { Button } from "@/web/shared/ui/button.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { useI18n } from "./i18n/i18n.ts";
import { AppRoutes } from "./router.tsx";
import { useSession } from "./session.ts";

const TelegramRequired = lazy(() => import("./components/telegram-required.tsx"));

function BootSkeleton() {
  return (
    <div aria-busy="true" className="mx-auto max-w-md space-y-4 p-4">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-52 w-full rounded-2xl" />
      <div className="grid grid-cols-2 gap-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <Skeleton className="h-28 w-full rounded-2xl" />
    </div>
  );
}

// When even the catalogue could not be fetched, the app has no words of its own to say so: these
// few stand in, in English, the fallback language.
const unreachable = { title: "The app could not load", text: "Check your connection and try again.", retry: "Try again" };

/** The server could not be reached or answered an error; the toast has said which. */
function LoadFailed() {
  const { t } = useI18n();
  const words = t("boot.failedTitle") ? { title: t("boot.failedTitle"), text: t("boot.failedText"), retry: t("common.tryAgain") } : unreachable;
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-bold">{words.title}</h1>
      <p className="text-sm text-hint">{words.text}</p>
      <Button size="lg" onClick={() => location.reload()}>
        {words.retry}
      </Button>
    </div>
  );
}

export function App() {
  const session = useSession();
  switch (session.status) {
    case "loading":
      return <BootSkeleton />;
    case "failed":
      return <LoadFailed />;
    case "outside":
    case "refused":
      return (
        <Suspense fallback={<BootSkeleton />}>
          <TelegramRequired config={session.config} reason={session.status === "refused" ? session.reason : undefined} />
        </Suspense>
      );
    case "ready":
      return <AppRoutes />;
  }
}

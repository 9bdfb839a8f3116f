// Chooses what to show from the session: a loading frame, the Telegram notice, or the app.
import { Button } from "@/web/shared/ui/button.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { TelegramRequired } from "./components/telegram-required.tsx";
import { AppRoutes } from "./router.tsx";
import { useSession } from "./session.ts";

function BootSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading">
      <div className="flex h-14 items-center justify-between border-b border-line bg-bg px-4">
        <Skeleton className="h-8 w-28" />
        <Skeleton className="h-7 w-12 rounded-full" />
      </div>
      <div className="mx-auto max-w-md space-y-4 p-4">
        <Skeleton className="h-52 w-full rounded-2xl" />
        <div className="grid grid-cols-2 gap-3">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-28 w-full rounded-2xl" />
      </div>
    </div>
  );
}

/** The server could not be reached or answered an error; the toast has said which. */
function LoadFailed() {
  return (
    <div className="mx-auto flex min-h-dvh max-w-md flex-col items-center justify-center gap-4 px-6 text-center">
      <h1 className="text-xl font-bold">The app could not load</h1>
      <p className="text-sm text-hint">Check your connection and try again.</p>
      <Button size="lg" onClick={() => location.reload()}>
        Try again
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
      return <TelegramRequired config={session.config} />;
    case "refused":
      return <TelegramRequired config={session.config} reason={session.reason} />;
    case "ready":
      return <AppRoutes />;
  }
}

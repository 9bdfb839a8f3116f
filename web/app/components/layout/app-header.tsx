// The header: product name, the streak flame, and the way to the info screen.
import { useMe } from "@/web/app/api/get-me.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { useConfig } from "@/web/app/session.ts";
import { FlameIcon, InfoIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export function AppHeader() {
  const config = useConfig();
  const me = useMe();
  return (
    <header className="sticky top-0 z-20 border-b border-line bg-bg/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-md items-center justify-between gap-3 px-4">
        <Link to={paths.home} className="flex min-w-0 items-center gap-2">
          <span className="grid h-8 w-8 shrink-0 place-items-center rounded-xl bg-accent text-sm font-black text-accent-fg">{config.productName.slice(0, 1)}</span>
          <span className="truncate text-lg font-bold">{config.productName}</span>
        </Link>
        <div className="flex items-center gap-2">
          {me.data ? (
            <span className="flex items-center gap-1 rounded-full bg-flame/15 px-2.5 py-1 text-sm font-bold text-flame" title="Daily streak" data-testid="streak">
              <FlameIcon size={16} fill="currentColor" />
              {me.data.streak}
            </span>
          ) : (
            me.isLoading && <Skeleton className="h-7 w-12 rounded-full" />
          )}
          <Link to={paths.info} aria-label="App Info" className="rounded-full p-1.5 text-hint">
            <InfoIcon size={22} />
          </Link>
        </div>
      </div>
    </header>
  );
}

// The five-item bottom navigation; /app itself counts as Home.
import { Link, useLocation } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { haptics } from "@/web/app/telegram/haptics.ts";
import { HomeIcon, TasksIcon, TrophyIcon, UsersIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";

const items = [
  { to: paths.home, label: "Home", Icon: HomeIcon },
  { to: paths.tasks, label: "Tasks", Icon: TasksIcon },
  { to: paths.referrals, label: "Referrals", Icon: UsersIcon },
  { to: paths.leaderboard, label: "Leaderboard", Icon: TrophyIcon },
  { to: paths.wallet, label: "Wallet", Icon: WalletIcon },
];

/** /app itself shows Home, so it highlights Home. */
const isCurrent = (to: string, pathname: string) => to === pathname || (to === paths.home && pathname === paths.root);

export function BottomNav() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg/95 pb-[env(safe-area-inset-bottom)] backdrop-blur">
      <ul className="mx-auto flex max-w-md">
        {items.map(({ to, label, Icon }) => (
          <li key={to} className="min-w-0 flex-1">
            <Link
              to={to}
              onClick={haptics.select}
              aria-current={isCurrent(to, pathname) ? "page" : undefined}
              className={`flex flex-col items-center gap-0.5 py-2 text-[10px] font-medium tracking-tight min-[360px]:text-[11px] ${isCurrent(to, pathname) ? "text-link" : "text-hint"}`}
            >
              <Icon size={22} />
              <span className="max-w-full truncate">{label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

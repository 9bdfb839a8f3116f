// The five-item bottom navigation; /app itself counts as Home.
import type { MessageKey } from "@/web/app/i18n/catalogue.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Link, useLocation } from "@/web/app/lib/router.tsx";
import { paths } from "@/web/app/paths.ts";
import { haptics } from "@/web/app/telegram/haptics.ts";
import { HomeIcon, TasksIcon, TrophyIcon, UsersIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";

const items: Array<{ to: string; label: MessageKey; Icon: typeof HomeIcon }> = [
  { to: paths.home, label: "nav.home", Icon: HomeIcon },
  { to: paths.tasks, label: "nav.tasks", Icon: TasksIcon },
  { to: paths.referrals, label: "nav.referrals", Icon: UsersIcon },
  { to: paths.leaderboard, label: "nav.leaderboard", Icon: TrophyIcon },
  { to: paths.wallet, label: "nav.wallet", Icon: WalletIcon },
];

/** A screen the navigation leads to directly (/app included), as opposed to one below a tab. */
export const isTab = (pathname: string) => pathname === paths.root || items.some((item) => item.to === pathname);

/** /app itself shows Home, so it highlights Home. */
const isCurrent = (to: string, pathname: string) => to === pathname || (to === paths.home && pathname === paths.root);

export function BottomNav() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  return (
    <nav aria-label={t("nav.label")} className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-bg/95 pb-(--app-inset-bottom) pl-(--app-inset-left) pr-(--app-inset-right) backdrop-blur">
      <ul className="mx-auto flex max-w-md">
        {items.map(({ to, label, Icon }) => (
          <li key={to} className="min-w-0 flex-1">
            <Link
              to={to}
              onClick={haptics.select}
              aria-current={isCurrent(to, pathname) ? "page" : undefined}
              className={`flex min-h-14 flex-col items-center justify-center gap-0.5 py-1.5 text-[10px] font-medium tracking-tight min-[360px]:text-[11px] ${isCurrent(to, pathname) ? "text-link" : "text-hint"}`}
            >
              <Icon size={22} />
              <span className="max-w-full truncate px-0.5">{t(label)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// The admin sections; the current one is highlighted (and marked aria-current by NavLink). A
// section whose scope the signed-in admin lacks is not offered (the owner's Admins & tokens).
import { NavLink } from "react-router-dom";
import { cn } from "@/web/shared/cn.ts";
import { CircleCheckIcon, HistoryIcon, LayoutIcon, ListChecksIcon, MegaphoneIcon, ShieldIcon, SlidersIcon, UserCheckIcon, UsersIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import type { Scope } from "@/domain/access.ts";
import { useAccess } from "@/web/admin/lib/access.ts";
import { paths } from "@/web/admin/paths.ts";

const entries: { to: string; label: string; Icon: typeof LayoutIcon; scope?: Scope }[] = [
  { to: paths.dashboard, label: "Dashboard", Icon: LayoutIcon },
  { to: paths.tasks, label: "Tasks", Icon: ListChecksIcon },
  { to: paths.withdrawals, label: "Withdrawals", Icon: WalletIcon },
  { to: paths.users, label: "Users", Icon: UsersIcon },
  { to: paths.risk, label: "Risk", Icon: ShieldIcon },
  { to: paths.broadcast, label: "Broadcast", Icon: MegaphoneIcon },
  { to: paths.audit, label: "Audit", Icon: HistoryIcon },
  { to: paths.settings, label: "Settings", Icon: SlidersIcon },
  { to: paths.setup, label: "Setup", Icon: CircleCheckIcon },
  { to: paths.access, label: "Admins", Icon: UserCheckIcon, scope: "tokens:read" },
];

export function MainNav() {
  const { can } = useAccess();
  return (
    <nav aria-label="Admin sections" className="border-t border-slate-100 bg-white">
      {/* Equal cells on a phone (icon over label), in two rows, so every section is visible without scrolling. */}
      <ul className="mx-auto grid max-w-7xl grid-cols-5 gap-0.5 px-1 py-1 sm:flex sm:gap-1 sm:px-6 sm:py-1.5 lg:px-8">
        {entries.filter((entry) => !entry.scope || can(entry.scope)).map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex flex-col items-center gap-0.5 rounded-lg px-1 py-1.5 text-[11px] font-medium tracking-tight whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-indigo-500",
                  "sm:flex-row sm:gap-2 sm:px-3 sm:py-2 sm:text-sm sm:tracking-normal",
                  isActive ? "bg-indigo-50 text-indigo-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900",
                )
              }
            >
              <Icon className="h-4 w-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

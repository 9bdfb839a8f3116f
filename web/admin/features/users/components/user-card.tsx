// One user in the list: name, first and last name, ID, balance, joined date, streak, qualified
// referrals and a wallet mark. The whole card is a button that opens the user dialog.
import type { AdminUserDto } from "@/api/contract.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDate } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { FlameIcon, WalletIcon } from "@/web/shared/ui/icons.tsx";
import { UsdtAmount } from "@/web/shared/ui/usdt-amount.tsx";
import { fullName, userTitle } from "@/web/admin/features/users/user-names.ts";
import { Fact } from "@/web/admin/components/fact.tsx";

export function UserCard({ user, onOpen }: { user: AdminUserDto; onOpen: (user: AdminUserDto) => void }) {
  const name = fullName(user);
  return (
    <button
      type="button"
      data-testid="user-card"
      onClick={() => onOpen(user)}
      aria-label={`Open ${userTitle(user)}`}
      className="w-full min-w-0 rounded-xl border border-slate-200 bg-white p-4 text-left shadow-sm transition hover:border-indigo-300 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 font-semibold text-indigo-700" aria-hidden="true">
            {(user.firstName || user.username || "U").charAt(0).toUpperCase()}
          </span>
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{userTitle(user)}</p>
            <p className="truncate text-sm text-slate-600">{name || "No name"}</p>
            <p className="text-xs text-slate-500 tabular-nums">ID {user.tgId}</p>
          </div>
        </div>
        <div className="flex flex-col items-end gap-1">
          <UsdtAmount amount={user.balanceUsdt} />
          {user.isBanned && <Badge tone="danger">Banned</Badge>}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-2 border-t border-slate-100 pt-3 text-xs">
        <Fact label="Joined">{formatDate(user.createdAt)}</Fact>
        <Fact label="Streak" className="flex items-center gap-1 font-medium text-slate-800">
          <FlameIcon className="h-3.5 w-3.5 text-orange-500" />
          {formatCount(user.currentStreak)} days
        </Fact>
        <Fact label="Qualified referrals" className="font-medium text-slate-800 tabular-nums">
          {formatCount(user.qualifiedReferrals)}
        </Fact>
      </dl>
      {user.walletBep20 && (
        <p className="mt-2 flex items-center gap-1 text-xs font-medium text-emerald-700">
          <WalletIcon className="h-3.5 w-3.5" />
          Wallet set
        </p>
      )}
    </button>
  );
}

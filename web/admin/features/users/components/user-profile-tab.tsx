import { Link } from "react-router-dom";
import type { AdminUserDto } from "@/api/contract.ts";
import { displayName } from "@/domain/display-name.ts";
import { displayUsdt } from "@/domain/money.ts";
import { formatCount } from "@/web/shared/format.ts";
import { formatDate, formatDateTime } from "@/web/shared/format-time.ts";
import { Badge } from "@/web/shared/ui/badge.tsx";
import { CopyButton } from "@/web/shared/ui/copy-button.tsx";
import { RiskScore, RiskStatusBadge } from "@/web/admin/components/risk-status-badge.tsx";
import { fullName } from "@/web/admin/features/users/user-names.ts";
import { useAccess } from "@/web/admin/lib/access.ts";
import { riskCasePath } from "@/web/admin/paths.ts";
import { BanControl } from "./ban-control.tsx";
import { DetailList } from "./detail-list.tsx";

export function UserProfileTab({ user }: { user: AdminUserDto }) {
  const canBan = useAccess().can("users:write");
  return (
    <div className="space-y-5">
      <DetailList
        rows={[
          ["Telegram ID", user.tgId],
          ["Username", displayName(user.username, "Not set")],
          ["Name", fullName(user) || "Not set"],
          ["Referral code", <code key="ref" className="font-mono">{user.refCode}</code>],
          [
            "Wallet (BEP-20)",
            user.walletBep20 ? (
              <span key="wallet" className="flex items-center gap-1">
                <code className="min-w-0 truncate font-mono text-xs" title={user.walletBep20}>
                  {user.walletBep20}
                </code>
                <CopyButton value={user.walletBep20} label="Copy wallet address" />
              </span>
            ) : (
              "Not set"
            ),
            "wide",
          ],
          ["Balance", `${displayUsdt(user.balanceUsdt)} USDT`],
          // Beside the balance: referral bonuses still waiting out their settling period, earned but not yet spendable.
          ["Held", `${displayUsdt(user.heldUsdt)} USDT`],
          ["Joined", formatDate(user.createdAt)],
          ["Total earned", `${displayUsdt(user.totalEarned)} USDT`],
          ["Earned today", `${displayUsdt(user.earnedToday)} USDT`],
          ["Streak", `${formatCount(user.currentStreak)} days`],
          ["Tasks completed", formatCount(user.tasksCompleted)],
          ["Qualified referrals", `${formatCount(user.qualifiedReferrals)} / ${formatCount(user.targetReferrals)}`],
          ["Last activity", formatDateTime(user.lastActivityAt) || "Never"],
          [
            "Risk",
            <span key="risk" className="flex flex-wrap items-center gap-1">
              <RiskScore score={user.riskScore} status={user.riskStatus} />
              <RiskStatusBadge status={user.riskStatus} />
              {user.riskStatus && (
                <Link to={riskCasePath(user.id)} className="text-sm font-medium text-indigo-700 hover:text-indigo-900 hover:underline">
                  Open risk case
                </Link>
              )}
            </span>,
            "wide",
          ],
          [
            "Status",
            <span key="status" className="flex flex-wrap gap-1">
              {user.isBanned ? <Badge tone="danger">Banned</Badge> : <Badge tone="success">Allowed</Badge>}
              <Badge tone={user.channelJoined ? "success" : "neutral"}>{user.channelJoined ? "Channel member" : "Not in channel"}</Badge>
              <Badge tone={user.isActive ? "info" : "neutral"}>{user.isActive ? "Reachable" : "Bot blocked"}</Badge>
            </span>,
            "wide",
          ],
        ]}
      />
      {canBan && (
        <div className="border-t border-slate-100 pt-4">
          <BanControl user={user} />
        </div>
      )}
    </div>
  );
}

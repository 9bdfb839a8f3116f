// Progress to the milestone, and the Total Invited / Qualified / Earned figures.
import type { ReferralSummaryDto } from "@/api/http/contract.ts";
import { displayUsdt } from "@/domain/money.ts";
import { percent } from "@/web/shared/percent.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { GiftIcon } from "@/web/shared/ui/icons.tsx";
import { Progress } from "@/web/shared/ui/progress.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export function ReferralSummary({ summary }: { summary: ReferralSummaryDto | undefined }) {
  if (!summary) return <Skeleton className="h-52 w-full rounded-2xl" />;
  const remaining = Math.max(0, summary.targetCount - summary.qualifiedCount);
  const stats = [
    { label: "Total Invited", value: String(summary.totalInvited) },
    { label: "Qualified", value: String(summary.qualifiedCount) },
    { label: "Earned", value: `${displayUsdt(summary.totalEarned)} USDT` },
  ];
  return (
    <Card className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-warning/15 text-warning">
          <GiftIcon size={22} />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-hint">Qualified referrals</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="referral-progress">
            {summary.qualifiedCount}/{summary.targetCount}
          </p>
        </div>
      </div>
      <Progress value={percent(summary.qualifiedCount, summary.targetCount)} label="Referral progress" />
      <p className="text-sm text-hint">
        {remaining > 0 ? (
          <>
            <b className="text-fg">{remaining} more</b> qualified referrals to earn <b className="text-fg">{displayUsdt(summary.rewardAmount)} USDT</b> bonus
          </>
        ) : (
          <>Milestone reached: {displayUsdt(summary.rewardAmount)} USDT bonus earned</>
        )}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl bg-page p-2.5 text-center">
            <p className="text-sm font-bold tabular-nums min-[360px]:text-base">{stat.value}</p>
            <p className="text-[11px] text-hint">{stat.label}</p>
          </div>
        ))}
      </div>
    </Card>
  );
}

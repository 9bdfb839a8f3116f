// Progress to the milestone, and the Total Invited / Qualified / Earned figures.
import type { ReferralSummaryDto } from "@/api/contract.ts";
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { percent } from "@/web/shared/percent.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { GiftIcon } from "@/web/shared/ui/icons.tsx";
import { Progress } from "@/web/shared/ui/progress.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export function ReferralSummary({ summary }: { summary: ReferralSummaryDto | undefined }) {
  const { t, amount, usdt, count } = useI18n();
  if (!summary) return <Skeleton className="h-52 w-full rounded-2xl" />;
  const remaining = Math.max(0, summary.targetCount - summary.qualifiedCount);
  const stats = [
    { label: t("referrals.totalInvited"), value: count(summary.totalInvited) },
    { label: t("referrals.qualified"), value: count(summary.qualifiedCount) },
    { label: t("referrals.earned"), value: usdt(summary.totalEarned) },
  ];
  return (
    <Card className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-warning/15 text-warning">
          <GiftIcon size={22} />
        </span>
        <div className="min-w-0">
          <p className="text-sm text-hint">{t("referrals.qualifiedReferrals")}</p>
          <p className="text-2xl font-bold tabular-nums" data-testid="referral-progress">
            {count(summary.qualifiedCount)}/{count(summary.targetCount)}
          </p>
        </div>
      </div>
      <Progress value={percent(summary.qualifiedCount, summary.targetCount)} label={t("referrals.progress")} />
      <p className="text-sm text-hint" data-testid="referral-remaining">
        {remaining > 0 ? t("referrals.remaining", { remaining, amount: amount(summary.rewardAmount) }) : t("referrals.milestoneReached", { amount: amount(summary.rewardAmount) })}
      </p>
      <div className="grid grid-cols-3 gap-2">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-xl bg-page p-2.5 text-center">
            <p className="text-sm font-bold tabular-nums min-[360px]:text-base">{stat.value}</p>
            <p className="text-[11px] leading-tight text-hint">{stat.label}</p>
          </div>
        ))}
      </div>
    </Card>
  );
}

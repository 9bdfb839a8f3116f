// Progress towards the referral milestone.
import { useI18n } from "@/web/app/i18n/i18n.ts";
import { Link } from "@/web/app/lib/router.tsx";
import { percent } from "@/web/shared/percent.ts";
import { Card } from "@/web/shared/ui/card.tsx";
import { GiftIcon } from "@/web/shared/ui/icons.tsx";
import { Progress } from "@/web/shared/ui/progress.tsx";

export function ReferralProgress({ qualified, target, milestone, to }: { qualified: number; target: number; milestone: string; to: string }) {
  const { t, amount, count } = useI18n();
  const remaining = Math.max(0, target - qualified);
  return (
    <Link to={to} className="block">
      <Card>
        <div className="mb-3 flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <GiftIcon size={18} className="text-warning" />
            <h2 className="font-semibold">{t("home.referralProgress")}</h2>
          </div>
          <span className="text-sm font-semibold tabular-nums">
            {count(qualified)}/{count(target)}
          </span>
        </div>
        <Progress value={percent(qualified, target)} label={t("referrals.progress")} />
        <p className="mt-2 text-sm text-hint">
          {remaining > 0 ? t("home.moreToUnlock", { remaining, amount: amount(milestone) }) : t("home.milestoneReached", { amount: amount(milestone) })}
        </p>
      </Card>
    </Link>
  );
}

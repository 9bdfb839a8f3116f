// Progress towards the referral milestone.
import { Link } from "../../../lib/router.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { GiftIcon } from "../../../components/ui/icons.tsx";
import { Progress } from "../../../components/ui/progress.tsx";
import { displayUsdt } from "../../../../../api/domain/money.ts";
import { percent } from "../../../lib/percent.ts";

export function ReferralProgress({ qualified, target, milestone, to }: { qualified: number; target: number; milestone: string; to: string }) {
  const remaining = Math.max(0, target - qualified);
  return (
    <Link to={to} className="block">
      <Card>
        <div className="mb-3 flex items-center justify-between gap-2">
          <div className="flex items-center gap-2">
            <GiftIcon size={18} className="text-warning" />
            <h2 className="font-semibold">Referral Progress</h2>
          </div>
          <span className="text-sm font-semibold tabular-nums">
            {qualified}/{target}
          </span>
        </div>
        <Progress value={percent(qualified, target)} label="Referral progress" />
        <p className="mt-2 text-sm text-hint">
          {remaining > 0 ? `${remaining} more to unlock ${displayUsdt(milestone)} USDT` : `Milestone reached: ${displayUsdt(milestone)} USDT unlocked`}
        </p>
      </Card>
    </Link>
  );
}

// Home: the greeting and streak, balances, quick actions, referral progress and recent activity.
import { useMe } from "@/web/app/api/get-me.ts";
import { BalanceOverview } from "@/web/app/features/home/components/balance-overview.tsx";
import { Greeting } from "@/web/app/features/home/components/greeting.tsx";
import { QuickActions } from "@/web/app/features/home/components/quick-actions.tsx";
import { RecentActivity } from "@/web/app/features/home/components/recent-activity.tsx";
import { ReferralProgress } from "@/web/app/features/home/components/referral-progress.tsx";
import { useActivity } from "@/web/app/features/home/api/get-activity.ts";
import { useTasks } from "@/web/app/features/tasks/api/get-tasks.ts";
import { paths } from "@/web/app/paths.ts";
import { useConfig } from "@/web/app/session.ts";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";

export function HomeScreen() {
  const config = useConfig();
  const me = useMe();
  const activity = useActivity();
  const tasks = useTasks();
  const task = (kind: string) => tasks.data?.find((t) => t.kind === kind);
  return (
    <>
      {me.data && <Greeting me={me.data} productName={config.productName} />}
      <BalanceOverview me={me.data} minWithdrawal={config.minWithdrawalUsdt} walletPath={paths.wallet} />
      <QuickActions
        daily={task("daily_activity")}
        channel={task("follow_channel")}
        qualified={me.data?.qualifiedReferrals}
        target={me.data?.targetReferrals}
        links={{ tasks: paths.tasks, referrals: paths.referrals, wallet: paths.wallet, info: paths.info }}
      />
      {me.data ? (
        <ReferralProgress qualified={me.data.qualifiedReferrals} target={me.data.targetReferrals} milestone={config.referralMilestoneUsdt} to={paths.referrals} />
      ) : (
        <Skeleton className="h-28 w-full rounded-2xl" />
      )}
      <RecentActivity items={activity.data ?? (activity.error ? [] : undefined)} />
    </>
  );
}

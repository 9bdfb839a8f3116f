// Referrals: progress to the milestone, the referral link (copy, share, QR), how it works, and
// the people invited.
import { HowItWorks } from "@/web/app/features/referrals/components/how-it-works.tsx";
import { RecentReferrals } from "@/web/app/features/referrals/components/recent-referrals.tsx";
import { ReferralLinkCard } from "@/web/app/features/referrals/components/referral-link-card.tsx";
import { ReferralSummary } from "@/web/app/features/referrals/components/referral-summary.tsx";
import { useRecentReferrals } from "@/web/app/features/referrals/api/get-recent-referrals.ts";
import { useReferrals } from "@/web/app/features/referrals/api/get-referrals.ts";
import { useConfig } from "@/web/app/session.ts";

export default function ReferralsScreen() {
  const config = useConfig();
  const summary = useReferrals();
  const recent = useRecentReferrals();
  return (
    <>
      <ReferralSummary summary={summary.data} />
      <ReferralLinkCard refCode={summary.data?.refCode} link={summary.data?.referralLink} productName={config.productName} />
      <HowItWorks tasks={config.qualifyingDailyTasks} bonus={config.referralBonusUsdt} milestone={config.referralMilestoneUsdt} target={config.referralTarget} />
      <RecentReferrals referrals={recent.data ?? (recent.error ? [] : undefined)} />
    </>
  );
}

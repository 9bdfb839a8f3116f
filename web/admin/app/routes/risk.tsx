import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { ReleaseHoldsButton } from "@/web/admin/features/risk/components/release-holds-button.tsx";
import { RiskQueue } from "@/web/admin/features/risk/components/risk-queue.tsx";

export function RiskRoute() {
  return (
    <>
      <PageHeader
        title="Risk"
        description="Users the referral-farm defences flagged. Open one to see the evidence, then clear them or confirm fraud."
        actions={<ReleaseHoldsButton />}
      />
      <RiskQueue />
    </>
  );
}

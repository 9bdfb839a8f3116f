import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { WithdrawalBoard } from "@/web/admin/features/withdrawals/components/withdrawal-board.tsx";

export function WithdrawalsRoute() {
  return (
    <>
      <PageHeader title="Withdrawals" description="Review BEP-20 withdrawal requests: approve, reject with a reason, or mark as paid with the transaction hash." />
      <WithdrawalBoard />
    </>
  );
}

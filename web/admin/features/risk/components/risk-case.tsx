// One user's case: who they are, the facts, the decisions (Clear, Confirm fraud), the report of a
// confirmation just made, then the evidence: signals, the referral tree (where the farm to ban is
// ticked), the clients shared with other accounts, and the held bonuses.
import { useState } from "react";
import { Link } from "react-router-dom";
import type { RiskConfirmDto } from "@/api/contract.ts";
import { ErrorState } from "@/web/shared/ui/error-state.tsx";
import { ArrowLeftIcon } from "@/web/shared/ui/icons.tsx";
import { Skeleton } from "@/web/shared/ui/skeleton.tsx";
import { PageHeader } from "@/web/admin/components/layout/page-header.tsx";
import { useRiskCase } from "@/web/admin/features/risk/api/get-risk-case.ts";
import { accountHandle, accountName } from "@/web/admin/features/risk/account-name.ts";
import { paths } from "@/web/admin/paths.ts";
import { farmOf } from "@/web/admin/features/risk/farm.ts";
import { CaseActions } from "./case-actions.tsx";
import { CaseSummary } from "./case-summary.tsx";
import { ClientList } from "./client-list.tsx";
import { FraudReport } from "./fraud-report.tsx";
import { HoldList } from "./hold-list.tsx";
import { ReferralTree } from "./referral-tree.tsx";
import { SignalList } from "./signal-list.tsx";

export function RiskCase({ userId }: { userId: number }) {
  const { data: risk, isLoading, isFetching, error, refetch } = useRiskCase(userId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [report, setReport] = useState<RiskConfirmDto | null>(null);

  const back = (
    <Link to={paths.risk} className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:text-indigo-900">
      <ArrowLeftIcon />
      Risk queue
    </Link>
  );

  if (isLoading) {
    return (
      <div aria-busy="true" aria-label="Loading the case" className="space-y-4">
        {back}
        <Skeleton className="h-10 w-64" />
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-64 rounded-xl" />
      </div>
    );
  }
  if (!risk) {
    return (
      <div>
        {back}
        <ErrorState title="Unable to load the case" message={error?.message} onRetry={refetch} retrying={isFetching} />
      </div>
    );
  }

  const farm = farmOf(risk.referred, risk.totalInvited, selected);
  return (
    <div className="space-y-5">
      <div>
        {back}
        <PageHeader
          title={accountName(risk)}
          description={`${accountHandle(risk)} · Telegram ID ${risk.tgId} · user #${risk.userId}`}
          actions={
            <CaseActions
              risk={risk}
              farm={farm}
              reload={refetch}
              onConfirmed={(done) => {
                setSelected(new Set());
                setReport(done);
              }}
            />
          }
        />
      </div>
      {report && <FraudReport report={report} onDismiss={() => setReport(null)} />}
      <CaseSummary risk={risk} />
      <div className="grid gap-5 xl:grid-cols-2">
        <SignalList signals={risk.signals} score={risk.score} />
        <ClientList clients={risk.clients} />
      </div>
      <ReferralTree referred={risk.referred} total={risk.totalInvited} selected={selected} onChange={setSelected} selectable={risk.status !== "confirmed"} />
      <HoldList holds={risk.holds} />
    </div>
  );
}

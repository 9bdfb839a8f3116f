import { useParams } from "react-router-dom";
import { EmptyState } from "@/web/shared/ui/empty-state.tsx";
import { RiskCase } from "@/web/admin/features/risk/components/risk-case.tsx";

export function RiskCaseRoute() {
  const param = useParams().id ?? "";
  const id = Number(param);
  if (!/^\d+$/.test(param) || !Number.isSafeInteger(id) || id <= 0) return <EmptyState>There is no user “{param}”.</EmptyState>;
  // Keyed by the user, so a link from one case to another starts the next one afresh.
  return <RiskCase key={id} userId={id} />;
}

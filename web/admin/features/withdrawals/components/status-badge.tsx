import { Badge, type BadgeTone } from "../../../../shared/ui/badge.tsx";
import type { WithdrawalStatus } from "../api/types.ts";

const tones: Record<WithdrawalStatus, BadgeTone> = { pending: "warning", approved: "info", paid: "success", rejected: "danger" };
const labels: Record<WithdrawalStatus, string> = { pending: "Pending", approved: "Approved", paid: "Paid", rejected: "Rejected" };

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  return <Badge tone={tones[status] ?? "neutral"}>{labels[status] ?? status}</Badge>;
}

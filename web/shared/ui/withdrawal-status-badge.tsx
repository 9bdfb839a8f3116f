// A withdrawal's status as both apps show it: its word and its tone.
import type { WithdrawalStatus } from "@/api/http/contract.ts";
import { Badge, type BadgeTone } from "./badge.tsx";

const looks: Record<WithdrawalStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Pending", tone: "warning" },
  approved: { label: "Approved", tone: "info" },
  paid: { label: "Paid", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

export function WithdrawalStatusBadge({ status }: { status: WithdrawalStatus }) {
  const look = looks[status];
  return <Badge tone={look?.tone ?? "neutral"}>{look?.label ?? status}</Badge>;
}

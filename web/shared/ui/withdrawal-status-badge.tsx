// A withdrawal's status as both apps show it: its word and its tone.
import type { WithdrawalStatus } from "@/api/contract.ts";
import { Badge, type BadgeTone } from "./badge.tsx";

const looks: Record<WithdrawalStatus, { label: string; tone: BadgeTone }> = {
  review: { label: "In review", tone: "warning" },
  pending: { label: "Pending", tone: "warning" },
  approved: { label: "Approved", tone: "info" },
  confirming: { label: "Confirming", tone: "accent" },
  paid: { label: "Paid", tone: "success" },
  rejected: { label: "Rejected", tone: "danger" },
};

/** `label` replaces the English word (the mini app passes its language's). */
export function WithdrawalStatusBadge({ status, label }: { status: WithdrawalStatus; label?: string }) {
  const look = looks[status];
  return <Badge tone={look?.tone ?? "neutral"}>{label ?? look?.label ?? status}</Badge>;
}

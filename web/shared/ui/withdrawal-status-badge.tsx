// A withdrawal's status as both apps show it: its word and its tone.
import type { WithdrawalStatus } from "@/api/contract.ts";
import { Badge, type BadgeTone } from "./badge.tsx";

/** Each status's word, the shorter one a tab of the panel's queue takes, and its tone. */
export const withdrawalStatusLooks: Record<WithdrawalStatus, { label: string; tab: string; tone: BadgeTone }> = {
  review: { label: "In review", tab: "Review", tone: "warning" },
  pending: { label: "Pending", tab: "Pending", tone: "warning" },
  approved: { label: "Approved", tab: "Approved", tone: "info" },
  confirming: { label: "Confirming", tab: "Confirming", tone: "accent" },
  paid: { label: "Paid", tab: "Paid", tone: "success" },
  rejected: { label: "Rejected", tab: "Rejected", tone: "danger" },
};

/** `label` replaces the English word (the mini app passes its language's). */
export function WithdrawalStatusBadge({ status, label }: { status: WithdrawalStatus; label?: string }) {
  const look = withdrawalStatusLooks[status];
  return <Badge tone={look?.tone ?? "neutral"}>{label ?? look?.label ?? status}</Badge>;
}

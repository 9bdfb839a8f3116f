// A user's place in the risk review as the risk pages and the user dialog show it: its word and
// tone, and its score.
import type { RiskStatus } from "@/api/contract.ts";
import { Badge, type BadgeTone } from "@/web/shared/ui/badge.tsx";

const looks: Record<RiskStatus, { label: string; tone: BadgeTone }> = {
  flagged: { label: "Flagged", tone: "warning" },
  cleared: { label: "Cleared", tone: "success" },
  confirmed: { label: "Fraud confirmed", tone: "danger" },
};

export function RiskStatusBadge({ status }: { status: RiskStatus | null }) {
  if (!status) return <Badge>Not flagged</Badge>;
  const look = looks[status] ?? { label: status, tone: "neutral" };
  return <Badge tone={look.tone}>{look.label}</Badge>;
}

/** The score, in its status' tone: the flag threshold is the server's setting, not the panel's to judge. */
export function RiskScore({ score, status }: { score: number; status: RiskStatus | null }) {
  const tone = status ? (looks[status]?.tone ?? "neutral") : "neutral";
  return (
    <Badge tone={tone}>
      <span className="tabular-nums">Score {score}</span>
    </Badge>
  );
}

// The panel's words for the actions the audit log records (domain/audit-actions.ts): each action's
// label and badge tone, and the area the action filter groups it under.
import type { AuditAction } from "@/api/contract.ts";
import { auditActions } from "@/domain/audit-actions.ts";
import type { BadgeTone } from "@/web/shared/ui/badge.tsx";

const copy: Record<AuditAction, { label: string; tone: BadgeTone }> = {
  "withdrawal.approve": { label: "Withdrawal approved", tone: "info" },
  "withdrawal.reject": { label: "Withdrawal rejected", tone: "danger" },
  "withdrawal.paid": { label: "Withdrawal paid", tone: "success" },
  "withdrawal.sent": { label: "Payout sent, confirming", tone: "accent" },
  "withdrawal.confirmed": { label: "Payout confirmed on chain", tone: "success" },
  "withdrawal.returned": { label: "Payout back to approved", tone: "danger" },
  "withdrawal.wallet_send": { label: "Sent from hot wallet", tone: "accent" },
  "withdrawal.send_dropped": { label: "Hot wallet transfer dropped", tone: "danger" },
  "withdrawal.send_unmined": { label: "Hot wallet transfer left the chain", tone: "warning" },
  "user.adjust": { label: "Balance adjusted", tone: "accent" },
  "user.ban": { label: "User banned", tone: "danger" },
  "user.unban": { label: "User unbanned", tone: "neutral" },
  "risk.clear": { label: "Risk cleared", tone: "success" },
  "risk.confirm": { label: "Fraud confirmed", tone: "danger" },
  "broadcast.queue": { label: "Broadcast queued", tone: "info" },
  "broadcast.cancel": { label: "Broadcast cancelled", tone: "warning" },
  "broadcast.flush": { label: "Broadcasts flushed", tone: "neutral" },
  "admin.add": { label: "Admin added", tone: "accent" },
  "admin.role": { label: "Admin role changed", tone: "warning" },
  "token.create": { label: "API token created", tone: "accent" },
  "token.revoke": { label: "API token revoked", tone: "warning" },
  "settings.set": { label: "Setting changed", tone: "warning" },
  "settings.reset": { label: "Setting reset", tone: "neutral" },
};

const isKnown = (action: string): action is AuditAction => action in copy;

/** An action's label and tone; an action newer than this build shows as its code. */
export const actionCopy = (action: string) => (isKnown(action) ? copy[action] : { label: action, tone: "neutral" as const });

const areas: Record<string, string> = { withdrawal: "Withdrawals", user: "Users", risk: "Risk review", broadcast: "Broadcasts", admin: "Admins", token: "API tokens", settings: "Settings" };

/** The filter's choices, grouped by the area each action belongs to ("user.ban" to Users), in the domain's order. */
export function actionGroups(): { area: string; actions: { value: AuditAction; label: string }[] }[] {
  const groups = new Map<string, { value: AuditAction; label: string }[]>();
  for (const value of auditActions) {
    const area = areas[value.split(".")[0]!] ?? "Other";
    groups.set(area, [...(groups.get(area) ?? []), { value, label: copy[value].label }]);
  }
  return [...groups].map(([area, actions]) => ({ area, actions }));
}

/** `text` when it names an action, for a filter read from the address bar. */
export const actionOf = (text: string | null): AuditAction | undefined => (text !== null && isKnown(text) ? text : undefined);

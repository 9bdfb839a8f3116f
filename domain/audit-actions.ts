// The actions the audit log records, as each entry names them: the choices the admin panel's and
// the CLI's filters offer. Every entry the domain writes names one of these (AuditStatements'
// insert takes nothing else), so a new action is offered the moment it is written.
export const auditActions = [
  "withdrawal.approve",
  "withdrawal.reject",
  "withdrawal.paid",
  "withdrawal.sent",
  "withdrawal.confirmed",
  "withdrawal.returned",
  "withdrawal.wallet_send",
  "withdrawal.send_dropped",
  "withdrawal.send_unmined",
  "user.adjust",
  "user.ban",
  "user.unban",
  "risk.clear",
  "risk.confirm",
  "broadcast.queue",
  "broadcast.cancel",
  "broadcast.flush",
  "admin.add",
  "admin.role",
  "token.create",
  "token.revoke",
  "settings.set",
  "settings.reset",
] as const;

export type AuditAction = (typeof auditActions)[number];

// The WHERE of a list page, written once: each engine's statements put it on their own table.
import type { Column } from "drizzle-orm";
import { and, eq, lt, type SQL } from "@/db/ops.ts";
import type { AuditFilter } from "@/domain/statements/audit.ts";
import type { WithdrawalFilter } from "@/domain/statements/withdrawals.ts";

/** `column = value`, or no condition when the filter leaves the value out. */
const equal = (column: Column, value: unknown) => (value === undefined ? undefined : eq(column, value));
/** Below the last id of the page before, when there was one. */
const below = (id: Column, before: number | undefined) => (before === undefined ? undefined : lt(id, before));

/** Which audit entries a page of the log holds. */
export function auditFilterWhere(audit: { id: Column; adminId: Column; action: Column }, { before, adminId, action }: AuditFilter): SQL | undefined {
  return and(below(audit.id, before), equal(audit.adminId, adminId), equal(audit.action, action));
}

/** Which withdrawals a page of the admin's list holds. */
export function withdrawalFilterWhere(withdrawals: { id: Column; status: Column; userId: Column }, { status, userId, before }: WithdrawalFilter): SQL | undefined {
  return and(below(withdrawals.id, before), equal(withdrawals.status, status), equal(withdrawals.userId, userId));
}

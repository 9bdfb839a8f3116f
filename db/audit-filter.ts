// Which audit entries a page of the log holds (domain/statements/audit.ts' AuditFilter), as the
// WHERE both engines put on their own admin_audit table.
import type { Column } from "drizzle-orm";
import { and, eq, lt, type SQL } from "@/db/ops.ts";
import type { AuditFilter } from "@/domain/statements/audit.ts";

type AuditColumns = { id: Column; adminId: Column; action: Column };

export function auditFilterWhere(audit: AuditColumns, { before, adminId, action }: AuditFilter): SQL | undefined {
  return and(
    before === undefined ? undefined : lt(audit.id, before),
    adminId === undefined ? undefined : eq(audit.adminId, adminId),
    action === undefined ? undefined : eq(audit.action, action),
  );
}

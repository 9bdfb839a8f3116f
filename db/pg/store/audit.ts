// The admin audit log's statements on PostgreSQL.
import { asc, desc, eq } from "drizzle-orm";
import { adminAudit, admins } from "@/db/pg/schema/index.ts";
import { auditDetail } from "@/db/audit-detail.ts";
import { auditFilterWhere } from "@/db/filters.ts";
import { auditEntryColumns } from "@/db/selections.ts";
import type { AuditStatements } from "@/domain/statements/audit.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function auditStatements(db: PgRunner): AuditStatements {
  return {
    *insert(entry) {
      yield* awaiting(
        db.insert(adminAudit).values({ adminId: entry.adminId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, detail: auditDetail(entry.detail), createdAt: entry.at }),
      );
    },
    *list(limit, filter) {
      return yield* awaiting(
        db
          .select(auditEntryColumns(adminAudit, admins))
          .from(adminAudit)
          .leftJoin(admins, eq(admins.id, adminAudit.adminId))
          .where(auditFilterWhere(adminAudit, filter))
          .orderBy(desc(adminAudit.id))
          .limit(limit),
      );
    },
    *admins() {
      return yield* awaiting(db.select({ id: admins.id, email: admins.email }).from(admins).orderBy(asc(admins.id)));
    },
  };
}

// Admin actions in the log, written in one place: where the audit log's entries are written. A
// store that runs each transaction as the one it wraps and, once it has committed, writes a line
// for every audit entry it wrote: an action rolled back was never done, and a transaction tried
// again (PostgreSQL's, after a lost connection) writes its entries afresh.
import type { AuditEntry } from "@/domain/statements/audit.ts";
import type { Statements, Store } from "@/domain/store.ts";
import type { Log } from "./log.ts";

/** The statements `db`, with each audit entry written also kept in `written`. */
function keepingAudit(db: Statements, written: AuditEntry[]): Statements {
  return {
    ...db,
    audit: {
      ...db.audit,
      *insert(entry) {
        yield* db.audit.insert(entry);
        written.push(entry);
      },
    },
  };
}

export function auditLogged(store: Store, log: Log): Store {
  return {
    ...store,
    async transaction(program, options) {
      let written: AuditEntry[] = [];
      const result = await store.transaction((db) => {
        written = [];
        return program(keepingAudit(db, written));
      }, options);
      for (const { adminId, action, targetType, targetId, detail } of written) {
        log.info({ adminId, action, target: { type: targetType, id: targetId }, detail }, "admin action");
      }
      return result;
    },
  };
}

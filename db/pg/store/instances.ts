// The register of running instances on PostgreSQL.
import { desc, eq, gte } from "@/db/ops.ts";
import { instances } from "@/db/pg/schema/index.ts";
import type { InstanceStatements } from "@/domain/statements/instances.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function instanceStatements(db: PgRunner): InstanceStatements {
  return {
    *register(row) {
      const { id, ...rest } = row;
      yield* awaiting(db.insert(instances).values(row).onConflictDoUpdate({ target: instances.id, set: rest }));
    },
    *seen(id, at) {
      const rows = yield* awaiting(db.update(instances).set({ seenAt: at }).where(eq(instances.id, id)).returning({ id: instances.id }));
      return rows.length > 0;
    },
    *remove(id) {
      yield* awaiting(db.delete(instances).where(eq(instances.id, id)));
    },
    *seenSince(since) {
      return yield* awaiting(db.select().from(instances).where(gte(instances.seenAt, since)).orderBy(desc(instances.seenAt)));
    },
  };
}

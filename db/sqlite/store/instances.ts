// The register of running instances on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { desc, eq, gte } from "@/db/ops.ts";
import { instances } from "@/db/sqlite/schema/index.ts";
import type { InstanceStatements } from "@/domain/statements/instances.ts";

export function instanceStatements(db: Db): InstanceStatements {
  return {
    *register(row) {
      const { id, ...rest } = row;
      db.insert(instances).values(row).onConflictDoUpdate({ target: instances.id, set: rest }).run();
    },
    *seen(id, at) {
      return db.update(instances).set({ seenAt: at }).where(eq(instances.id, id)).returning({ id: instances.id }).all().length > 0;
    },
    *remove(id) {
      db.delete(instances).where(eq(instances.id, id)).run();
    },
    *seenSince(since) {
      return db.select().from(instances).where(gte(instances.seenAt, since)).orderBy(desc(instances.seenAt)).all();
    },
  };
}

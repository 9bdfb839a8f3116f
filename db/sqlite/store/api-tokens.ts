// The API tokens' statements on SQLite.
import type { Db } from "@/db/sqlite/client.ts";
import { and, asc, eq, isNull, lte, or } from "@/db/ops.ts";
import { apiTokens } from "@/db/sqlite/schema/index.ts";
import type { ApiTokenStatements } from "@/domain/statements/api-tokens.ts";

export function apiTokenStatements(db: Db): ApiTokenStatements {
  return {
    *insert(values) {
      return db.insert(apiTokens).values(values).onConflictDoNothing().returning().get() ?? null;
    },
    *byHash(tokenHash) {
      return db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash)).get();
    },
    *list() {
      return db.select().from(apiTokens).orderBy(asc(apiTokens.id)).all();
    },
    *remove(id) {
      return db.delete(apiTokens).where(eq(apiTokens.id, id)).returning().get();
    },
    *touch(id, at, since) {
      db.update(apiTokens)
        .set({ lastUsedAt: at })
        .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, since))))
        .run();
    },
  };
}

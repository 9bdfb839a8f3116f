// The API tokens' statements on PostgreSQL.
import { and, asc, eq, isNull, lte, or } from "drizzle-orm";
import { apiTokens } from "@/db/pg/schema/index.ts";
import type { ApiTokenStatements } from "@/domain/statements/api-tokens.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function apiTokenStatements(db: PgRunner): ApiTokenStatements {
  return {
    *insert(values) {
      // ON CONFLICT rather than catching the violation, which would abort the whole transaction.
      return (yield* awaiting(db.insert(apiTokens).values(values).onConflictDoNothing().returning()))[0] ?? null;
    },
    *byHash(tokenHash) {
      return (yield* awaiting(db.select().from(apiTokens).where(eq(apiTokens.tokenHash, tokenHash))))[0];
    },
    *list() {
      return yield* awaiting(db.select().from(apiTokens).orderBy(asc(apiTokens.id)));
    },
    *remove(id) {
      return (yield* awaiting(db.delete(apiTokens).where(eq(apiTokens.id, id)).returning()))[0];
    },
    *touch(id, at, since) {
      yield* awaiting(
        db
          .update(apiTokens)
          .set({ lastUsedAt: at })
          .where(and(eq(apiTokens.id, id), or(isNull(apiTokens.lastUsedAt), lte(apiTokens.lastUsedAt, since)))),
      );
    },
  };
}

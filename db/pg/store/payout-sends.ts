// The hot wallet's transfer statements on PostgreSQL: the wallet's nonce row is the one writer,
// taken by a conditional upsert that waits for a concurrent one's commit and then reads its value.
import { and, asc, desc, eq, gte, inArray, lte, notInArray, sql } from "drizzle-orm";
import { payoutSends, payoutWallets } from "@/db/pg/schema/index.ts";
import { livePayoutSendStates } from "@/domain/model/index.ts";
import type { PayoutSendStatements } from "@/domain/statements/payout-sends.ts";
import { awaiting } from "@/domain/store.ts";
import type { PgRunner } from "./runner.ts";

export function payoutSendStatements(db: PgRunner): PayoutSendStatements {
  return {
    *nextNonce(wallet) {
      const [row] = yield* awaiting(db.select({ n: payoutWallets.nextNonce }).from(payoutWallets).where(eq(payoutWallets.address, wallet)));
      return row?.n;
    },
    *takeNonce(wallet, nonce, at) {
      const taken = yield* awaiting(
        db
          .insert(payoutWallets)
          .values({ address: wallet, nextNonce: nonce + 1, updatedAt: at })
          .onConflictDoUpdate({ target: payoutWallets.address, set: { nextNonce: nonce + 1, updatedAt: at }, setWhere: lte(payoutWallets.nextNonce, nonce) })
          .returning({ address: payoutWallets.address }),
      );
      return taken.length > 0;
    },
    *insert(values) {
      const [row] = yield* awaiting(db.insert(payoutSends).values(values).returning());
      return row!;
    },
    *signedSince(wallet, since) {
      const [row] = yield* awaiting(
        db
          .select({ total: sql<string>`coalesce(sum(${payoutSends.amount}), 0)` })
          .from(payoutSends)
          .where(and(eq(payoutSends.wallet, wallet), gte(payoutSends.signedAt, since), notInArray(payoutSends.state, ["dropped", "failed"]))),
      );
      return Number(row?.total ?? 0);
    },
    *liveFor(withdrawalId) {
      const [row] = yield* awaiting(db.select().from(payoutSends).where(and(eq(payoutSends.withdrawalId, withdrawalId), inArray(payoutSends.state, livePayoutSendStates))));
      return row;
    },
    *forWithdrawal(withdrawalId) {
      return yield* awaiting(db.select().from(payoutSends).where(eq(payoutSends.withdrawalId, withdrawalId)).orderBy(desc(payoutSends.id)));
    },
    *unsettled(limit) {
      return yield* awaiting(db.select().from(payoutSends).where(inArray(payoutSends.state, ["signed", "sent"])).orderBy(asc(payoutSends.id)).limit(limit));
    },
    *mark(id, from, set) {
      const moved = yield* awaiting(db.update(payoutSends).set(set).where(and(eq(payoutSends.id, id), inArray(payoutSends.state, from))).returning({ id: payoutSends.id }));
      return moved.length > 0;
    },
  };
}

// The hot wallet's transfer statements on SQLite: a transaction holds the database's one write
// lock from its start (IMMEDIATE), so the nonce read and taken in one is the fleet's.
import type { Db } from "@/db/sqlite/client.ts";
import { notInArray } from "drizzle-orm";
import { and, asc, desc, eq, gte, inArray, lte, sql } from "@/db/ops.ts";
import { payoutSends, payoutWallets } from "@/db/sqlite/schema/index.ts";
import { livePayoutSendStates } from "@/domain/model/index.ts";
import type { PayoutSendStatements } from "@/domain/statements/payout-sends.ts";

export function payoutSendStatements(db: Db): PayoutSendStatements {
  return {
    *nextNonce(wallet) {
      return db.select({ n: payoutWallets.nextNonce }).from(payoutWallets).where(eq(payoutWallets.address, wallet)).get()?.n;
    },
    *takeNonce(wallet, nonce, at) {
      const taken = db
        .insert(payoutWallets)
        .values({ address: wallet, nextNonce: nonce + 1, updatedAt: at })
        .onConflictDoUpdate({ target: payoutWallets.address, set: { nextNonce: nonce + 1, updatedAt: at }, setWhere: lte(payoutWallets.nextNonce, nonce) })
        .returning({ address: payoutWallets.address })
        .get();
      return taken !== undefined;
    },
    *insert(values) {
      return db.insert(payoutSends).values(values).returning().get();
    },
    *signedSince(wallet, since) {
      const row = db
        .select({ total: sql<number>`coalesce(sum(${payoutSends.amount}), 0)` })
        .from(payoutSends)
        .where(and(eq(payoutSends.wallet, wallet), gte(payoutSends.signedAt, since), notInArray(payoutSends.state, ["dropped", "failed"])))
        .get();
      return Number(row?.total ?? 0);
    },
    *liveFor(withdrawalId) {
      return db.select().from(payoutSends).where(and(eq(payoutSends.withdrawalId, withdrawalId), inArray(payoutSends.state, livePayoutSendStates))).get();
    },
    *forWithdrawal(withdrawalId) {
      return db.select().from(payoutSends).where(eq(payoutSends.withdrawalId, withdrawalId)).orderBy(desc(payoutSends.id)).all();
    },
    *unsettled(limit) {
      return db.select().from(payoutSends).where(inArray(payoutSends.state, ["signed", "sent"])).orderBy(asc(payoutSends.id)).limit(limit).all();
    },
    *mark(id, from, set) {
      const moved = db.update(payoutSends).set(set).where(and(eq(payoutSends.id, id), inArray(payoutSends.state, from))).returning({ id: payoutSends.id }).get();
      return moved !== undefined;
    },
  };
}

// What admins do to users: find them, ban and unban, and adjust a balance with a reason.
import { and, desc, eq, lt, sql } from "@/db/ops.ts";
import { ledger, users, type User } from "@/db/schema/index.ts";
import { audit } from "./audit.ts";
import { inTransaction, ledgerIn, type Deps } from "./context.ts";
import { runNow } from "./store.ts";
import { AppError } from "./errors.ts";
import { credit, debit } from "./ledger.ts";
import { formatUsdt, parseUsdt } from "./money.ts";
import { amountRules } from "./rules.ts";
import { getUser } from "./users.ts";

/** Everything just below `prefix` in sort order ends before this bound. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * One search box for three keys: digits are a Telegram id, 0x… is a wallet address (a prefix
 * is enough), anything else a username prefix. Each uses its own index.
 */
export function searchUsers(deps: Deps, text: string | undefined, limit: number, before?: number): User[] {
  const q = (text ?? "").trim().replace(/^@/, "").toLowerCase();
  const cursor = before ? lt(users.id, before) : undefined;
  const query = deps.db.select().from(users);
  if (q === "") return query.where(cursor).orderBy(desc(users.id)).limit(limit).all();
  if (/^\d+$/.test(q)) {
    const tgId = Number(q);
    return Number.isSafeInteger(tgId) ? query.where(eq(users.tgId, tgId)).limit(limit).all() : [];
  }
  const column = q.startsWith("0x") ? sql`lower(${users.walletBep20})` : sql`lower(${users.username})`;
  // Matches come in key order from the index, so the id cursor pages only the plain list.
  return query
    .where(and(sql`${column} >= ${q}`, sql`${column} < ${prefixEnd(q)}`))
    .orderBy(column)
    .limit(limit)
    .all();
}

export function setBanned(deps: Deps, adminId: number, userId: number, banned: boolean, reason?: string): User {
  const at = deps.clock();
  return inTransaction(deps.db, (tx) => {
    const user = tx
      .update(users)
      .set({ isBanned: banned, banReason: banned ? reason?.trim() || null : null })
      .where(eq(users.id, userId))
      .returning()
      .get();
    if (!user) throw new AppError("NOT_FOUND", `User ${userId} not found`);
    audit(tx, { adminId, action: banned ? "user.ban" : "user.unban", targetType: "user", targetId: userId, detail: { reason: reason ?? null }, at });
    return user;
  });
}

export function adjustBalance(deps: Deps, adminId: number, userId: number, amountInput: unknown, reason: string) {
  const note = reason.trim();
  if (!note) throw new AppError("VALIDATION_FAILED", "reason: a reason is required for an adjustment", { field: "reason" });
  const amount = parseUsdt(amountInput, amountRules.adjustment);
  getUser(deps, userId);
  const at = deps.clock();
  const entryId = inTransaction(deps.db, (tx) => {
    const movement = { userId, amount: Math.abs(amount), reason: "admin_adjustment" as const, note, at };
    const id = runNow(amount > 0 ? credit(ledgerIn(tx), movement) : debit(ledgerIn(tx), movement));
    audit(tx, { adminId, action: "user.adjust", targetType: "user", targetId: userId, detail: { amount: formatUsdt(amount), reason: note }, at });
    return id;
  });
  const entry = deps.db.select().from(ledger).where(eq(ledger.id, entryId)).get()!;
  return { user: getUser(deps, userId), entry };
}

export function userLedger(deps: Deps, userId: number, limit: number) {
  return deps.db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(limit).all();
}


// What admins do to users: find them, ban and unban, and adjust a balance with a reason.
import type { LedgerEntry, User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError, notFound } from "./errors.ts";
import { emitting } from "./events.ts";
import { credit, debit } from "./ledger.ts";
import { formatUsdt, parseUsdt } from "./money.ts";
import { amountRules } from "./rules.ts";
import type { Referrer } from "./statements/admin-users.ts";
import type { Op, Statements } from "./store.ts";
import { refundOnBan } from "./withdrawals.ts";

/** What the admin-users rules use: the engine, the time and the events. */
type AdminUserDeps = Pick<Deps, "store" | "clock" | "events">;

/** Everything that starts with `prefix` sorts at or after it and before this bound. */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * One search box for three keys: digits are a Telegram id, 0x… is a wallet address (a prefix
 * is enough), anything else a username prefix. Each uses its own index.
 */
export function searchUsers(deps: Pick<Deps, "store">, text: string | undefined, limit: number, before?: number): Promise<User[]> {
  const q = (text ?? "").trim().replace(/^@/, "").toLowerCase();
  return deps.store.read(function* (db) {
    if (q === "") return yield* db.adminUsers.newestUsers(limit, before);
    if (/^\d+$/.test(q)) {
      const tgId = Number(q);
      const user = Number.isSafeInteger(tgId) ? yield* db.adminUsers.userByTgId(tgId) : undefined;
      return user ? [user] : [];
    }
    // Matches come in key order from the index, so the id cursor pages only the plain list.
    return yield* db.adminUsers.usersInRange(q.startsWith("0x") ? "wallet" : "username", q, prefixEnd(q), limit);
  });
}

function* existing(db: Statements, userId: number): Op<User> {
  const user = yield* db.adminUsers.userById(userId);
  if (!user) throw notFound(`User ${userId}`);
  return user;
}

/** The user and who referred them (null when nobody did), or NOT_FOUND. */
export function loadUserDetail(deps: Pick<Deps, "store">, userId: number): Promise<{ user: User; referrer: Referrer | null }> {
  return deps.store.read(function* (db) {
    const user = yield* existing(db, userId);
    return { user, referrer: (yield* db.adminUsers.referrerOf(userId)) ?? null };
  });
}

/** The user, or NOT_FOUND. */
export function loadUser(deps: Pick<Deps, "store">, userId: number): Promise<User> {
  return deps.store.read((db) => existing(db, userId));
}

/**
 * A ban stops the user's money at once: their open withdrawal is refunded in the ban's own
 * transaction (refundOnBan), and what they do next is refused where the money would move. An
 * unban gives nothing back but the right to act: the refund is already on the balance.
 */
export function setBanned(deps: AdminUserDeps, adminId: number, userId: number, banned: boolean, reason?: string): Promise<User> {
  const at = deps.clock();
  return emitting(deps, function* (db, record) {
    const user = yield* db.adminUsers.setBanned(userId, banned, banned ? reason?.trim() || null : null);
    if (!user) throw notFound(`User ${userId}`);
    const refunded = banned ? yield* refundOnBan(db, record, userId, adminId, at, banRefundReason) : undefined;
    const detail = { reason: reason ?? null, ...(refunded && { withdrawalRefunded: { id: refunded.id, amount: formatUsdt(refunded.amount) } }) };
    yield* db.audit.insert({ adminId, action: banned ? "user.ban" : "user.unban", targetType: "user", targetId: userId, detail, at });
    // Read again: the refund changed the balance.
    return refunded ? yield* existing(db, userId) : user;
  });
}

/** What a withdrawal refunded by a ban says to its user and in the queue. */
const banRefundReason = "Account banned";

/** A credit (positive amount) or debit (negative) through the ledger, with the reason as its note. */
export async function adjustBalance(deps: AdminUserDeps, adminId: number, userId: number, amountInput: unknown, reason: string): Promise<{ user: User; entry: LedgerEntry }> {
  const note = reason.trim();
  if (!note) throw new AppError("VALIDATION_FAILED", "reason: a reason is required for an adjustment", { field: "reason" });
  const amount = parseUsdt(amountInput, amountRules.adjustment);
  const at = deps.clock();
  return deps.store.transaction(function* (db) {
    yield* existing(db, userId); // or a debit of no one would read as a balance too small
    const movement = { userId, amount: Math.abs(amount), reason: "admin_adjustment" as const, note, at };
    const entryId = amount > 0 ? yield* credit(db, movement) : yield* debit(db, movement);
    yield* db.audit.insert({ adminId, action: "user.adjust", targetType: "user", targetId: userId, detail: { amount: formatUsdt(amount), reason: note }, at });
    // Read back in the same transaction: the row just written, and the balance it left.
    const entry = (yield* db.adminUsers.ledgerEntry(entryId))!;
    return { user: yield* existing(db, userId), entry };
  });
}

/** A user's ledger, newest first. */
export function userLedger(deps: Pick<Deps, "store">, userId: number, limit: number, before?: number): Promise<LedgerEntry[]> {
  return deps.store.read((db) => db.adminUsers.ledgerOf(userId, limit, before));
}

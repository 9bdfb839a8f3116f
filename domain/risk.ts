// Referral-farm signals: each is computed as the data it reads arrives, kept with its evidence
// and weight (risk_signals), and summed into the user's score; a score at RISK_FLAG_SCORE flags
// the user (0 turns all of it off). The weights are chosen so that no single signal an honest
// user can trip flags on its own at the suggested threshold of 60, while a farm trips several.
import { createHash } from "node:crypto";
import { BlockList, isIP } from "node:net";
import type { User } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import type { Op, Statements } from "./store.ts";

export const riskSignals = {
  /** On a referrer: many sign-ups through its link within a short window. */
  referral_burst: 30,
  /** On a referrer: most of its recent referrals are young accounts without a username. */
  young_referrals: 40,
  /** On a referrer: several of its referrals opened the mini app from one client. */
  referrals_share_client: 40,
  /** On a referrer: several of its referrals left the channel after qualifying. */
  referrals_left: 30,
  /** On a referred account: its Telegram id is far above its referrer's, so it is much younger. */
  young_account: 15,
  no_username: 10,
  not_premium: 5,
  /** On any account: its client (address and user agent) was seen with several other accounts. */
  shared_client: 30,
  /** On a referred account: it left the channel after its referral qualified. */
  left_after_qualifying: 20,
  /** On a referrer: a withdrawal asked for within minutes of its last qualified referral. */
  quick_withdrawal: 20,
  /** On any account: its wallet address is also set on other accounts. */
  shared_wallet: 30,
} as const;

export type RiskSignalName = keyof typeof riskSignals;

/** When a signal fires. Telegram ids are handed out in increasing order, so their gap ages an account. */
export const riskLimits = {
  burstCount: 10,
  burstWindowMs: 60 * 60_000,
  youngIdGap: 1_000_000_000,
  youngReferralsMin: 5,
  youngReferralsShare: 0.6,
  /** Accounts on one client before each is signalled, and referrals of one referrer on one client. */
  sharedClientAccounts: 3,
  referralsLeftMin: 3,
  quickWithdrawalMs: 10 * 60_000,
  /** The other accounts a shared wallet's evidence names, and signals at once. */
  walletSharersShown: 50,
} as const;

type RiskDeps = Pick<Deps, "store" | "clock" | "settings">;

const enabled = (deps: Pick<Deps, "settings">) => deps.settings.current().riskFlagScore > 0;

/** Saves a signal and sums the score again: the user's status after. */
export function* signal(db: Statements, flagAt: number, userId: number, name: RiskSignalName, evidence: Record<string, unknown>, at: Date, weight: number = riskSignals[name]) {
  yield* db.risk.saveSignal({ userId, name, weight, evidence, at });
  return yield* db.risk.rescore(userId, flagAt);
}

/**
 * A sign-up through a referral link: the new account's age and profile, and its referrer's
 * recent sign-ups. These need no waiting, so a farm is flagged as its accounts arrive.
 */
export async function assessSignUp(deps: RiskDeps, user: User, referrerId: number): Promise<void> {
  if (!enabled(deps)) return;
  const flagAt = deps.settings.current().riskFlagScore;
  const at = deps.clock();
  await deps.store.transaction(function* (db) {
    const referrer = yield* db.users.byId(referrerId);
    if (!referrer) return;
    const gap = user.tgId - referrer.tgId;
    const young = gap > riskLimits.youngIdGap;
    if (young) yield* signal(db, flagAt, user.id, "young_account", { tgId: user.tgId, referrerTgId: referrer.tgId, idGap: gap }, at);
    if (!user.username) yield* signal(db, flagAt, user.id, "no_username", { firstName: user.firstName }, at);
    if (!user.isPremium) yield* signal(db, flagAt, user.id, "not_premium", {}, at);

    const since = new Date(at.getTime() - riskLimits.burstWindowMs);
    const recent = yield* db.risk.referralsSince(referrerId, since, riskLimits.burstCount * 10);
    if (recent >= riskLimits.burstCount) {
      yield* signal(db, flagAt, referrerId, "referral_burst", { signUps: recent, windowMinutes: riskLimits.burstWindowMs / 60_000 }, at);
    }
    const latest = yield* db.risk.referred(referrerId, 50);
    const youngBare = latest.filter((r) => r.tgId - referrer.tgId > riskLimits.youngIdGap && !r.username).length;
    if (latest.length >= riskLimits.youngReferralsMin && youngBare / latest.length >= riskLimits.youngReferralsShare) {
      yield* signal(db, flagAt, referrerId, "young_referrals", { youngWithoutUsername: youngBare, ofLatest: latest.length }, at);
    }
  });
}

/** A short key for a client: accounts seen from the same address with the same user agent meet on it. */
export function clientKey(address: string, userAgent: string): string {
  return createHash("sha256").update(`${address}\n${userAgent}`).digest("hex").slice(0, 24);
}

/**
 * The mini app was opened from this client: remembered once per user and client, and when the
 * client is shared by enough accounts, each of them, and a referrer whose referrals meet there,
 * is signalled.
 */
export function* sighting(db: Statements, flagAt: number, user: Pick<User, "id">, address: string, userAgent: string, at: Date): Op<void> {
  const client = clientKey(address, userAgent);
  if (!(yield* db.risk.sight({ userId: user.id, client, address, userAgent: userAgent.slice(0, 300), seenAt: at }))) return;
  const accounts = yield* db.risk.accountsOn(client, 200);
  if (accounts.length < riskLimits.sharedClientAccounts) return;
  const evidence = { address, userAgent: userAgent.slice(0, 120), accounts: accounts.length };
  // At the crossing every account on the client is signalled; after it, the newcomer only.
  const signalled = accounts.length === riskLimits.sharedClientAccounts ? accounts : [user.id];
  for (const id of signalled) yield* signal(db, flagAt, id, "shared_client", evidence, at);

  const referral = yield* db.risk.referrerOf(user.id);
  if (!referral) return;
  const theirs = (yield* db.risk.referred(referral.referrerId, 500)).filter((r) => accounts.includes(r.id)).length;
  if (theirs >= riskLimits.sharedClientAccounts) {
    yield* signal(db, flagAt, referral.referrerId, "referrals_share_client", { address, userAgent: evidence.userAgent, referrals: theirs }, at);
  }
}

/**
 * Addresses that say nothing about a client: loopback and private ranges are what a server sees
 * behind a proxy it was not told to trust (TRUST_PROXY), where every user would share one.
 */
const notClients = new BlockList();
for (const [net, bits] of [["127.0.0.0", 8], ["10.0.0.0", 8], ["172.16.0.0", 12], ["192.168.0.0", 16], ["100.64.0.0", 10], ["169.254.0.0", 16]] as const) notClients.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::1", 128], ["fc00::", 7], ["fe80::", 10]] as const) notClients.addSubnet(net, bits, "ipv6");

const isClientAddress = (address: string) => {
  const family = isIP(address);
  return family !== 0 && !notClients.check(address, family === 6 ? "ipv6" : "ipv4");
};

/**
 * The clients already recorded (written once, not on every request), and when each user's was last
 * looked at. One per store, made where the dependencies are built (caches.ts).
 */
export type SeenClients = { seen: Set<string>; lookedAt: Map<number, { agent: string; at: number }> };

export const seenClients = (): SeenClients => ({ seen: new Set<string>(), lookedAt: new Map<number, { agent: string; at: number }>() });

function clientLookDue(deps: RiskDeps & Pick<Deps, "caches">, user: Pick<User, "id">, userAgent: string | undefined): boolean {
  if (!enabled(deps)) return false;
  const last = deps.caches.seenClients.lookedAt.get(user.id);
  return !(last && last.agent === (userAgent ?? "") && deps.clock().getTime() - last.at < clientLookEveryMs);
}

/**
 * Looks at the client a user's request comes from, as every user request does: a session's
 * requests come from one client, so it is looked at once a minute at most per user agent, and a
 * client already recorded (or one no address tells of) is only noted as looked at. Answers whether
 * a sighting is left to record, which only noteClient does; with false the request may answer
 * without it, and nothing it needs waits on a write.
 */
export function lookAtClient(deps: RiskDeps & Pick<Deps, "caches">, user: Pick<User, "id">, address: () => string | undefined, userAgent: string | undefined): boolean {
  return clientLooked(deps, user, address, userAgent) !== undefined;
}

/** The sighting a due look leaves to record, else undefined with the look noted. */
function clientLooked(deps: RiskDeps & Pick<Deps, "caches">, user: Pick<User, "id">, address: () => string | undefined, userAgent: string | undefined) {
  if (!clientLookDue(deps, user, userAgent)) return undefined;
  const at = address();
  const key = `${user.id}:${at}:${userAgent ?? ""}`;
  if (at && isClientAddress(at) && !deps.caches.seenClients.seen.has(key)) return { at, key };
  looked(deps.caches.seenClients, user, userAgent, key, deps.clock());
  return undefined;
}

/** A look at a user's client noted: when, with which agent, and the client as recorded or as nothing to record. */
function looked({ seen, lookedAt }: SeenClients, user: Pick<User, "id">, userAgent: string | undefined, key: string, now: Date): void {
  if (lookedAt.size >= 200_000) lookedAt.clear();
  lookedAt.set(user.id, { agent: userAgent ?? "", at: now.getTime() });
  if (seen.size > 100_000) seen.clear();
  seen.add(key);
}

/** A user request's look at its client (lookAtClient), with the sighting it finds recorded. */
export async function noteClient(deps: RiskDeps & Pick<Deps, "caches" | "log">, user: Pick<User, "id">, address: () => string | undefined, userAgent: string | undefined): Promise<void> {
  const found = clientLooked(deps, user, address, userAgent);
  if (!found) return;
  looked(deps.caches.seenClients, user, userAgent, found.key, deps.clock());
  try {
    // Grouped: first sightings come with the first requests of sessions, many at once under load,
    // and each would otherwise wait for a commit of its own.
    await deps.store.transaction((db) => sighting(db, deps.settings.current().riskFlagScore, user, found.at, userAgent ?? "", deps.clock()), { grouped: true });
  } catch (error) {
    // A sighting feeds a signal; it must not fail the user's request. A later request tries again.
    deps.caches.seenClients.seen.delete(found.key);
    deps.caches.seenClients.lookedAt.delete(user.id);
    deps.log?.warn({ userId: user.id, err: error }, "risk: could not record a client sighting");
  }
}

const clientLookEveryMs = 60_000;

/**
 * A referred user was found out of the channel after their referral qualified: signalled on them,
 * and counted on their referrer, whose signal weighs once enough of its referrals did the same.
 */
export function* leftAfterQualifying(db: Statements, flagAt: number, referredId: number, referrerId: number, at: Date): Op<void> {
  if (flagAt === 0) return;
  const before = (yield* db.risk.signalsOf(referredId)).some((s) => s.name === "left_after_qualifying");
  if (before) return;
  yield* signal(db, flagAt, referredId, "left_after_qualifying", { referrerId }, at);
  const counted = (yield* db.risk.signalsOf(referrerId)).find((s) => s.name === "referrals_left");
  const left = Number(counted?.evidence.left ?? 0) + 1;
  yield* signal(db, flagAt, referrerId, "referrals_left", { left }, at, left >= riskLimits.referralsLeftMin ? riskSignals.referrals_left : 0);
}

/** A withdrawal asked for soon after the user's last qualified referral; inside the request's transaction. */
export function* withdrawalTiming(db: Statements, flagAt: number, userId: number, at: Date): Op<void> {
  if (flagAt === 0) return;
  const last = yield* db.risk.lastQualifiedAt(userId);
  if (!last) return;
  const sinceMs = at.getTime() - last.getTime();
  if (sinceMs < riskLimits.quickWithdrawalMs) {
    yield* signal(db, flagAt, userId, "quick_withdrawal", { minutesAfterLastQualifiedReferral: Math.round(sinceMs / 6_000) / 10 }, at);
  }
}

/**
 * A wallet address was set that other accounts hold too (compared in lower case): each of them is
 * signalled, with the others as evidence. Both sides are, as who set the address first says
 * nothing about which account is the farm's; one signal alone never flags an account.
 */
export function* sharedWallet(db: Statements, flagAt: number, userId: number, address: string, at: Date): Op<void> {
  if (flagAt === 0) return;
  const limit = riskLimits.walletSharersShown;
  const others = yield* db.users.walletSharers(address, userId, limit);
  if (others.length === 0) return;
  yield* signal(db, flagAt, userId, "shared_wallet", { address, sharedWith: others }, at);
  for (const id of others) yield* signal(db, flagAt, id, "shared_wallet", { address, sharedWith: yield* db.users.walletSharers(address, id, limit) }, at);
}

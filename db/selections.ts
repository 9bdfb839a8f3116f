// The columns a statement selects, by the names the domain's rows give them, written once for both
// engines: each function takes an engine's own tables and answers that engine's columns (picked
// by name, so drizzle still types each result from the table it reads). A field added to one of
// these rows is added for SQLite and PostgreSQL at once.

/** `names` of `table`, each under its own name, in the order given. */
function pick<T, K extends keyof T>(table: T, names: readonly K[]): Pick<T, K> {
  const picked = {} as Pick<T, K>;
  for (const name of names) picked[name] = table[name];
  return picked;
}

// A column read off a table whose type is a parameter types as its constraint's (unknown), so a
// column taken under another name says its type by index; pick does the same for the rest.
type Has<K extends string> = { [Name in K]: unknown };

/** A withdrawal with who asked for it (withdrawals joined to users). */
export const withdrawalRowColumns = <
  W extends Has<"id" | "userId" | "amount" | "address" | "status" | "txHash" | "txChecked" | "txBlock" | "txBlockHash" | "returnReason" | "failReason" | "createdAt" | "processedAt">,
  U extends Has<"tgId" | "username" | "isBanned">,
>(
  withdrawals: W,
  users: U,
) => ({
  ...pick(withdrawals, ["id", "userId"]),
  ...pick(users, ["tgId", "username"]),
  userBanned: users.isBanned as U["isBanned"],
  ...pick(withdrawals, ["amount", "address", "status", "txHash", "txChecked", "txBlock", "txBlockHash", "returnReason", "failReason", "createdAt", "processedAt"]),
});

/** A held referral bonus as the risk review and the hold release read it. */
export const referralHoldColumns = <H extends Has<"referredId" | "reason" | "referrerId" | "amount" | "status" | "releaseAt" | "createdAt" | "settledAt">>(holds: H) =>
  pick(holds, ["referredId", "reason", "referrerId", "amount", "status", "releaseAt", "createdAt", "settledAt"]);

/** An account a user referred, as the risk review shows it. */
export const referredUserColumns = <U extends Has<"id" | "tgId" | "username" | "firstName" | "isPremium" | "isBanned" | "riskScore" | "riskStatus" | "channelJoined">>(users: U) =>
  pick(users, ["id", "tgId", "username", "firstName", "isPremium", "isBanned", "riskScore", "riskStatus", "channelJoined"]);

/** A friend in a referrer's recent list, with when they joined and qualified. */
export const recentReferralColumns = <U extends Has<"id" | "username" | "firstName" | "dailyTasksCompleted" | "channelJoined">, R extends Has<"createdAt" | "qualifiedAt">>(
  users: U,
  referrals: R,
) => ({
  ...pick(users, ["id", "username", "firstName", "dailyTasksCompleted", "channelJoined"]),
  joinedAt: referrals.createdAt as R["createdAt"],
  qualifiedAt: referrals.qualifiedAt as R["qualifiedAt"],
});

/** An audit entry with the e-mail of the admin who acted (admin_audit joined to admins). */
export const auditEntryColumns = <A extends Has<"id" | "adminId" | "action" | "targetType" | "targetId" | "detail" | "createdAt">, M extends Has<"email">>(
  audit: A,
  admins: M,
) => ({
  ...pick(audit, ["id", "adminId"]),
  adminEmail: admins.email as M["email"],
  ...pick(audit, ["action", "targetType", "targetId", "detail", "createdAt"]),
});

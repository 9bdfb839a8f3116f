// Administrators, what each of them did, and the sign-in attempts counted against them.

/**
 * What an admin may do: `owner` everything, admins, settings and API tokens included; `admin` the
 * daily operations; `viewer` read only.
 */
export const adminRoles = ["owner", "admin", "viewer"] as const;
export type AdminRole = (typeof adminRoles)[number];

/** tokenVersion is part of every JWT an admin gets; raising it (logout) revokes them all. */
export type Admin = {
  id: number;
  email: string;
  passwordHash: string;
  tokenVersion: number;
  role: AdminRole;
  createdAt: Date;
};

/**
 * A token for automation (cron, scripts): only its hash is kept. `scopes` is the operation groups
 * it may call, space-separated; it acts for the admin who made it, within those scopes.
 */
export type ApiToken = {
  id: number;
  name: string;
  tokenHash: string;
  scopes: string;
  createdBy: number | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
};

/** One admin action: who did what to which row, and when. */
export type AuditEntry = {
  id: number;
  adminId: number | null;
  action: string;
  targetType: string;
  targetId: number | null;
  detail: { [key: string]: unknown } | null;
  createdAt: Date;
};

/** Sign-in attempts per key ("addr:…" or "pair:…|e-mail") in a fixed window. */
export type LoginThrottleRow = {
  key: string;
  attempts: number;
  windowStart: Date;
};

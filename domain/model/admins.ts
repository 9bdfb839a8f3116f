// Administrators, what each of them did, and the sign-in attempts counted against them.

/** tokenVersion is part of every JWT an admin gets; raising it (logout) revokes them all. */
export type Admin = {
  id: number;
  email: string;
  passwordHash: string;
  tokenVersion: number;
  createdAt: Date;
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

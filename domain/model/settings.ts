// What an operator tunes while the service runs (the referral bonus, the minimum withdrawal, the
// broadcast pace …): one row per setting changed from its default, its value as JSON text, which
// the domain reads with its own schema. A setting without a row has its default.

export type SettingRow = {
  key: string;
  /** The value as JSON text. */
  value: string;
  updatedAt: Date;
  updatedBy: number | null;
};

/**
 * Each running instance, as it last said it was alive: what `refbot doctor` compares across the
 * fleet (one JWT secret for all, by its fingerprint, never the secret itself).
 */
export type InstanceRow = {
  id: string;
  startedAt: Date;
  seenAt: Date;
  secretFingerprint: string;
  version: string;
};

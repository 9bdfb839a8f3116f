// The code lists and row types both engines store and every part of refbot reads: written once
// here, so each engine's schema takes its lists from them and must infer exactly these rows
// (tests/types/engine-schemas.ts).
export * from "./admins.ts";
export * from "./backups.ts";
export * from "./broadcasts.ts";
export * from "./engines.ts";
export * from "./ledger.ts";
export * from "./risk.ts";
export * from "./settings.ts";
export * from "./stats.ts";
export * from "./tasks.ts";
export * from "./users.ts";
export * from "./withdrawals.ts";
export * from "./notices.ts";
export * from "./payout-sends.ts";
export * from "./chat-sends.ts";

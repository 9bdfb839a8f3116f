// The API's answers as clients receive them, derived from the functions that build them, so the
// web apps and the CLI never restate a shape. JSON turns dates into ISO strings; Jsonify says so.
// Clients import these with `import type`: no server code reaches a bundle.
import type { ActivityPoint } from "./domain/stats.ts";
import type { broadcastProgress } from "./domain/broadcast.ts";
import type { health, publicConfig } from "./routes/public.ts";
import type { adminUserView, leaderboardView, ledgerView, meView, taskView, withdrawalView } from "./views.ts";

export type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

export type TaskDto = Jsonify<ReturnType<typeof taskView>>;
export type WithdrawalDto = Jsonify<ReturnType<typeof withdrawalView>>;
export type LedgerEntryDto = Jsonify<ReturnType<typeof ledgerView>>;
export type MeDto = Jsonify<ReturnType<typeof meView>>;
export type AdminUserDto = Jsonify<ReturnType<typeof adminUserView>>;
/** An entry of any category: the common fields, and each category's own ones where it has them. */
export type LeaderboardEntryDto = Jsonify<ReturnType<typeof leaderboardView>> &
  Partial<{ balance: string; totalEarned: string; referralCount: number; taskCount: number; currentStreak: number }>;
export type BroadcastDto = Jsonify<ReturnType<typeof broadcastProgress>>;
export type PublicConfigDto = ReturnType<typeof publicConfig>;
export type HealthDto = Jsonify<ReturnType<typeof health>>;
export type { ActivityPoint };
export type { LeaderboardCategory } from "./domain/leaderboard.ts";
export type { LedgerReason, TaskKind, WithdrawalStatus } from "../db/schema/index.ts";

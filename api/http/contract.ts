// The API's answers as clients receive them, read off the routes themselves: each answer is what
// its handler returns (a view from views.ts, or a domain result), so a shape is written once and
// the web apps and the CLI only name it here. Clients import these with `import type`: no server
// code reaches a bundle.
import type { createApp } from "./app.ts";

/** What JSON makes of a value: dates become ISO strings. */
export type Jsonify<T> = T extends Date
  ? string
  : T extends (infer U)[]
    ? Jsonify<U>[]
    : T extends object
      ? { [K in keyof T]: Jsonify<T[K]> }
      : T;

type Routes = ReturnType<typeof createApp>["~Routes"];
type Segments<P extends string> = P extends `/${infer Head}/${infer Rest}`
  ? [Head, ...Segments<`/${Rest}`>]
  : P extends `/${infer Last}`
    ? [Last]
    : [];
type At<T, Path> = Path extends [infer Head, ...infer Rest] ? (Head extends keyof T ? At<T[Head], Rest> : never) : T;
type Success<Route> = Route extends { response: { 200: infer Body } } ? Body : never;

/** The success answer of `method path`, with `:params` as the route declares them. */
export type Answer<Method extends "get" | "post" | "patch" | "put", Path extends string> = Jsonify<
  Success<At<Routes, Segments<Path>> extends infer Node ? (Method extends keyof Node ? Node[Method] : never) : never>
>;

type Item<List> = List extends (infer One)[] ? One : never;

// Public
export type HealthDto = Answer<"get", "/api/health">;
export type PublicConfigDto = Answer<"get", "/api/config">;

// The mini app's user
export type MeDto = Answer<"get", "/api/me">;
export type ActivityItemDto = Item<Answer<"get", "/api/me/activity">>;
export type BalanceDto = Answer<"get", "/api/me/balance">;
export type LedgerEntryDto = Item<BalanceDto["ledger"]>;
export type ReferralSummaryDto = Answer<"get", "/api/me/referrals">;
export type RecentReferralDto = Item<Answer<"get", "/api/me/referrals/recent">>;
export type WithdrawalDto = Answer<"post", "/api/me/withdraw">;
export type RankDto = Answer<"get", "/api/me/rank">;
/** What PUT /api/me/language answers: the language the user now reads. */
export type LanguageDto = Answer<"put", "/api/me/language">;
export type LanguageBody = import("zod").input<typeof import("./schemas.ts").languageBody>;
export type UserTaskDto = Item<Answer<"get", "/api/tasks/active">>;
export type OpenTaskDto = Answer<"post", "/api/tasks/:id/open">;
export type CompletionDto = Answer<"post", "/api/tasks/:id/complete">;
/** An entry of any category: the common fields, and each category's own ones where it has them. */
export type LeaderboardEntryDto = Pick<Item<Answer<"get", "/api/leaderboard/:category">>, "id" | "firstName" | "username" | "tgId" | "rank"> &
  Partial<{ balance: string; totalEarned: string; referralCount: number; taskCount: number; currentStreak: number }>;

// Admin
export type LoginDto = Answer<"post", "/api/auth/login">;
export type AdminMeDto = Answer<"get", "/api/admin/me">;
export type AdminStatsDto = Answer<"get", "/api/admin/stats">;
export type TaskStatDto = Item<Answer<"get", "/api/admin/task-stats">>;
export type ActivityPointDto = Item<Answer<"get", "/api/admin/activity-stats">>;
export type AuditEntryDto = Item<Answer<"get", "/api/admin/audit">>;
export type TaskDto = Answer<"post", "/api/admin/tasks">;
export type AdminUserDto = Item<Answer<"get", "/api/admin/users">>;
/** One user as the detail answers it: the list's fields and who referred them. */
export type AdminUserDetailDto = Answer<"get", "/api/admin/users/:id">;
export type UserReferralsDto = Answer<"get", "/api/admin/users/:id/referrals">;
export type UserActivityDto = Answer<"get", "/api/admin/users/:id/activity">;
export type AdjustmentDto = Answer<"post", "/api/admin/users/:id/adjust">;
export type QueuedBroadcastDto = Answer<"post", "/api/admin/broadcast">;
export type BroadcastDto = QueuedBroadcastDto["broadcast"];
export type FlushReportDto = Answer<"post", "/api/admin/broadcasts/flush">;
/** A broadcast as its cancel answers it: stopped, what was left of it failed. */
export type CancelledBroadcastDto = Answer<"post", "/api/admin/broadcasts/:id/cancel">;
/** Who a broadcast would reach now, by the language each reads. */
export type BroadcastAudienceDto = Answer<"get", "/api/admin/broadcast/audience">;
/** What POST /api/admin/broadcast takes: the default text and, optionally, one per other language. */
export type BroadcastBody = import("zod").input<typeof import("./schemas.ts").broadcastBody>;
export type WithdrawalCountsDto = Answer<"get", "/api/admin/withdrawals/counts">;
export type FlaggedUserDto = Item<Answer<"get", "/api/admin/risk">>;
export type RiskCaseDto = Answer<"get", "/api/admin/risk/:id">;
export type RiskClearDto = Answer<"post", "/api/admin/risk/:id/clear">;
export type RiskConfirmDto = Answer<"post", "/api/admin/risk/:id/confirm">;
export type HoldReleaseDto = Answer<"post", "/api/admin/risk/holds/release">;

// Codes the server sends, which clients label from domain/labels.ts.
export type { LeaderboardCategory } from "@/domain/leaderboard.ts";
export type { Language } from "@/domain/i18n/languages.ts";
export type { LedgerReason, RiskStatus, TaskKind, WithdrawalStatus } from "@/db/schema/index.ts";

// What clients send, read off the request schemas: a task as created, and a task's changes.
export type NewTaskBody = import("zod").input<typeof import("./schemas.ts").createTaskBody>;
export type TaskChangesBody = import("zod").input<typeof import("./schemas.ts").updateTaskBody>;

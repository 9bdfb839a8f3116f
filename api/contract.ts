// The API as clients call it, read off the routes themselves: which method and path exist, what
// each takes (path parameters, query, body) and what it answers (what its handler returns: a view
// from the routes' *.views.ts, or a domain result). A shape and a path are written once, in the
// route; the web apps and the CLI call through api/client/routes.ts, typed from here, so a
// wrong path, a missing parameter or a wrong body stops the compile. Clients import these with
// `import type`: no server code reaches a bundle.
import type { z } from "zod";
import type { createApp } from "./app.ts";
import type { JsonAnswer } from "./plugins/compress-json.ts";
import type * as requestSchemas from "./schemas.ts";

/** What JSON makes of a value: dates become ISO strings; an answer serialized ahead is what it holds. */
export type Jsonify<T> = T extends Date
  ? string
  : T extends JsonAnswer<infer Body>
    ? Jsonify<Body>
    : T extends (infer U)[]
      ? Jsonify<U>[]
      : T extends object
        ? { [K in keyof T]: Jsonify<T[K]> }
        : T;

type Routes = ReturnType<typeof createApp>["~Routes"];
type Success<Route> = Route extends { response: { 200: infer Body } } ? Body : never;

type Item<List> = List extends (infer One)[] ? One : never;

/** The methods the API's routes use. */
export type Method = Route["method"];

/** Every route as its method, its path as the server declares it (`/api/tasks/:id/complete`) and its types. */
type RoutesUnder<Node, Path extends string> = {
  [Key in keyof Node & string]: Key extends "get" | "post" | "put" | "patch" | "delete"
    ? { method: Key; path: Path; types: Node[Key] }
    : RoutesUnder<Node[Key], `${Path}/${Key}`>;
}[keyof Node & string];
type Route = RoutesUnder<Routes["api"], "/api">;
type TypesOf<M extends Method, P extends string> = Extract<Route, { method: M; path: P }>["types"];

type Paths = { [M in Method]: Extract<Route, { method: M }>["path"] };
/** The paths a client may call with `method`, as the routes declare them. */
export type PathOf<M extends Method> = Paths[M];

type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Schema = Extract<(typeof requestSchemas)[keyof typeof requestSchemas], z.ZodType>;
type InputParsingTo<Parsed, S = Schema> = S extends z.ZodType ? (Same<z.output<S>, Parsed> extends true ? z.input<S> : never) : never;
/**
 * What a client sends as a body the route declares by its parsed form: the input of the request
 * schema (schemas.ts) that parses to it, so a field the schema defaults may be left out, or that
 * parsed form itself for a body declared beside its route. Elysia keeps only the parsed form.
 */
type BodyInput<Parsed> = [InputParsingTo<Parsed>] extends [never] ? Parsed : InputParsingTo<Parsed>;

type Has<T> = [keyof T] extends [never] ? false : true;
/**
 * What a call of `method path` takes: `params` when the path has any, `query` when the route reads
 * one (every query field the API reads is optional or has a default, which
 * tests/api-routes.test.ts checks, so a client may leave any out), and `body` when it takes one.
 */
export type RequestOf<M extends Method, P extends string, T = TypesOf<M, P>> = T extends { params: infer Params; query: infer Query; body: infer Body }
  ? (Has<Params> extends true ? { params: Params } : { params?: never }) &
      (Has<Query> extends true ? { query?: Partial<Query> } : { query?: never }) &
      (unknown extends Body ? { body?: never } : undefined extends Body ? { body?: BodyInput<Body> } : Has<Body> extends true ? { body: BodyInput<Body> } : { body?: never })
  : never;

/** What a client receives of a success answer: JSON as JSON makes it, and a file a route sends (a CSV export) as a File, under the name the server gives it. */
type Received<T> = T extends Response ? File : Jsonify<T>;

/** The success answer of `method path`, as the client receives it. */
export type Answer<M extends Method, P extends PathOf<M>> = Received<Success<TypesOf<M, P>>>;

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
/** A withdrawal request as its user sees it (without the admins' notes). */
export type OwnWithdrawalDto = Answer<"post", "/api/me/withdraw">;
export type RankDto = Answer<"get", "/api/me/rank">;
export type LanguageBody = import("zod").input<typeof import("./schemas.ts").languageBody>;
export type UserTaskDto = Item<Answer<"get", "/api/tasks/active">>;
export type OpenTaskDto = Answer<"post", "/api/tasks/:id/open">;
export type CompletionDto = Answer<"post", "/api/tasks/:id/complete">;
/** An entry of any category: the common fields, and each category's own ones where it has them. */
export type LeaderboardEntryDto = Pick<Item<Answer<"get", "/api/leaderboard/:category">>, "id" | "firstName" | "username" | "tgId" | "rank"> &
  Partial<{ balance: string; totalEarned: string; referralCount: number; taskCount: number; currentStreak: number }>;

// Admin
export type WithdrawalDto = Answer<"get", "/api/admin/withdrawals/:id">;
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
/** Who a broadcast would reach now, by the language each reads. */
export type BroadcastAudienceDto = Answer<"get", "/api/admin/broadcast/audience">;
/** What POST /api/admin/broadcast takes: the default text and, optionally, one per other language. */
export type BroadcastBody = import("zod").input<typeof import("./schemas.ts").broadcastBody>;
export type FlaggedUserDto = Item<Answer<"get", "/api/admin/risk">>;
export type RiskCaseDto = Answer<"get", "/api/admin/risk/:id">;
export type RiskConfirmDto = Answer<"post", "/api/admin/risk/:id/confirm">;
/** An admin account with its role, as the owner's Admins page and `refbot admins list` show it. */
export type AdminAccountDto = Item<Answer<"get", "/api/admin/admins">>;
/** An API token as listed: never the token, never its hash. */
export type ApiTokenDto = Item<Answer<"get", "/api/admin/tokens">>;
/** A token just made: the listed fields and the token itself, shown this once. */
export type NewApiTokenDto = Answer<"post", "/api/admin/tokens">;
/** One setting with its value, default, description and last change; a change answers every setting after it. */
export type SettingDto = Item<Answer<"get", "/api/admin/settings">>;
export type SettingsChangeDto = Answer<"patch", "/api/admin/settings">;

// Codes the server sends, which clients label from domain/labels.ts.
export type { AuditAction } from "@/domain/audit-actions.ts";
export type { LeaderboardCategory } from "@/domain/leaderboard.ts";
export type { Language } from "@/domain/i18n/languages.ts";
export type { LedgerReason, RiskStatus, TaskKind, WithdrawalStatus } from "@/domain/model/index.ts";

// What clients send, read off the request schemas: a task as created, and a task's changes.
export type NewTaskBody = import("zod").input<typeof import("./schemas.ts").createTaskBody>;
export type TaskChangesBody = import("zod").input<typeof import("./schemas.ts").updateTaskBody>;

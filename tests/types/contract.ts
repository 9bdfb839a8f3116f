// Type-level check, run by tests/typecheck.test.ts: every answer the contract names resolves to a
// real shape. A route renamed or moved makes its Answer `never`, which compiles silently in the
// clients that use it; this file does not.
import type * as C from "@/api/contract.ts";

type Resolved<T> = [T] extends [never] ? "never" : unknown extends T ? "any" : "ok";
type Answers = {
  HealthDto: Resolved<C.HealthDto>;
  PublicConfigDto: Resolved<C.PublicConfigDto>;
  MeDto: Resolved<C.MeDto>;
  ActivityItemDto: Resolved<C.ActivityItemDto>;
  BalanceDto: Resolved<C.BalanceDto>;
  LedgerEntryDto: Resolved<C.LedgerEntryDto>;
  ReferralSummaryDto: Resolved<C.ReferralSummaryDto>;
  RecentReferralDto: Resolved<C.RecentReferralDto>;
  WithdrawalDto: Resolved<C.WithdrawalDto>;
  OwnWithdrawalDto: Resolved<C.OwnWithdrawalDto>;
  RankDto: Resolved<C.RankDto>;
  UserTaskDto: Resolved<C.UserTaskDto>;
  OpenTaskDto: Resolved<C.OpenTaskDto>;
  CompletionDto: Resolved<C.CompletionDto>;
  LeaderboardEntryDto: Resolved<C.LeaderboardEntryDto>;
  LoginDto: Resolved<C.LoginDto>;
  AdminMeDto: Resolved<C.AdminMeDto>;
  AdminStatsDto: Resolved<C.AdminStatsDto>;
  TaskStatDto: Resolved<C.TaskStatDto>;
  ActivityPointDto: Resolved<C.ActivityPointDto>;
  AuditEntryDto: Resolved<C.AuditEntryDto>;
  TaskDto: Resolved<C.TaskDto>;
  AdminUserDto: Resolved<C.AdminUserDto>;
  UserReferralsDto: Resolved<C.UserReferralsDto>;
  UserActivityDto: Resolved<C.UserActivityDto>;
  AdjustmentDto: Resolved<C.AdjustmentDto>;
  QueuedBroadcastDto: Resolved<C.QueuedBroadcastDto>;
  BroadcastDto: Resolved<C.BroadcastDto>;
  FlushReportDto: Resolved<C.FlushReportDto>;
};
type Unresolved = { [K in keyof Answers as Answers[K] extends "ok" ? never : K]: Answers[K] };

// Compiles only while Unresolved is empty.
export const everyAnswerResolves: Record<keyof Unresolved, never> = {};

// Dates arrive as strings.
export const datesAreStrings: C.MeDto["createdAt"] = "2026-01-01T00:00:00.000Z";

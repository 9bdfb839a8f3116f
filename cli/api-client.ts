// The typed client of the refbot HTTP API (docs/api.md). Answer types come from the server's own
// contract (derived from its view functions), so a shape is written once.
import ky, { HTTPError, isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type { FlushReport } from "../api/domain/broadcast.ts";
import type { LeaderboardCategory } from "../api/domain/leaderboard.ts";
import type { ActivityPoint } from "../api/domain/stats.ts";
import type { AdminUserDto, Jsonify, LeaderboardEntryDto, LedgerEntryDto, TaskDto, WithdrawalDto } from "../api/contract.ts";
import type { TaskKind, WithdrawalStatus } from "../db/schema/index.ts";
import type { Connection } from "./config.ts";
import { ApiError, CliError, exitCodes, UnreachableError } from "./errors.ts";

export type Task = TaskDto;
export type Withdrawal = WithdrawalDto;
export type AdminUser = AdminUserDto;
export type LedgerEntry = LedgerEntryDto;
export type LeaderboardEntry = LeaderboardEntryDto;
export type Stats = { totalUsers: number; verifiedJoins: number; activeToday: number; pendingWithdrawals: number; botActive: boolean };
export type Broadcast = { id: number; message: string; createdAt: string; total: number; pending: number; sent: number; failed: number; etaSeconds: number };
export type AuditEntry = { id: number; adminId: number | null; adminEmail: string | null; action: string; targetType: string; targetId: number | null; detail: unknown; createdAt: string };
export type UserReferrals = { qualifiedCount: number; totalInvited: number; referralLink: string; recentReferrals: { id: number; username: string | null; firstName: string; isQualified: boolean; status: string }[] };
export type UserActivity = { currentStreak: number; tasksCompleted: number; lastActivity: string | null; recentActivity: { type: string; title: string; amount: string; direction: string; time: string }[] };
export type LoginAnswer = { token: string; expiresAt: string; admin: { id: number; email: string } };
export type TaskInput = Partial<{ kind: TaskKind; title: string; description: string; rewardUsdt: string; isActive: boolean }>;

/** Turns ky's failures into the CLI's: the server's `{ message, code }`, or "cannot reach". */
async function call<T>(connection: Connection, send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (isHTTPError(error)) throw apiError(connection, error);
    if (isTimeoutError(error)) throw new UnreachableError(connection.apiUrl, "no answer within 60 s");
    const reason = networkFailure(error);
    if (reason) throw new UnreachableError(connection.apiUrl, reason);
    throw error;
  }
}

function apiError(connection: Connection, error: HTTPError): ApiError | CliError {
  const data = error.data as { message?: unknown; code?: unknown } | string | undefined;
  if (typeof data === "object" && data && typeof data.message === "string" && typeof data.code === "string") {
    return new ApiError(data.message, error.response.status, data.code, connection.apiUrl, connection.tokenSource === "env");
  }
  // Not a refbot error body: probably a different server on that address.
  return new CliError(`${connection.apiUrl} answered HTTP ${error.response.status} without a refbot error; is it the refbot API?`, exitCodes.unreachable);
}

const reasons: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "name lookup failed",
  ECONNRESET: "connection reset",
  ETIMEDOUT: "connection timed out",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
};

/**
 * Why the request never got an answer, or undefined for any other error. ky's NetworkError does
 * not recognise Bun's fetch failures, which are TypeErrors carrying a system error code.
 */
function networkFailure(error: unknown): string | undefined {
  const root = isNetworkError(error) ? (error as Error & { cause?: unknown }).cause : error;
  const code = (root as { code?: unknown } | undefined)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return reasons[code] ?? code;
  if (isNetworkError(error)) return (error as Error).message;
  return undefined;
}

export function createApiClient(connection: Connection) {
  const http: KyInstance = ky.create({
    prefix: `${connection.apiUrl}/api`,
    // The CLI is run by a person or cron; failing at once beats a minute of silent retries.
    retry: 0,
    timeout: 60_000,
    headers: connection.token ? { authorization: `Bearer ${connection.token}` } : {},
  });
  const get = <T>(path: string, searchParams?: Record<string, string | number | undefined>) =>
    call(connection, () => http.get(path, { searchParams }).json<T>());
  const send = <T>(method: "post" | "patch", path: string, json?: unknown) =>
    call(connection, () => http[method](path, { json: json ?? {} }).json<T>());

  return {
    apiUrl: connection.apiUrl,
    health: () => get<{ ok: boolean; demoMode: boolean; botActive: boolean }>("health"),
    login: (email: string, password: string) => send<LoginAnswer>("post", "auth/login", { email, password }),
    logout: () => send<{ ok: true }>("post", "auth/logout"),
    me: () => get<{ id: number; email: string }>("admin/me"),
    stats: () => get<Stats>("admin/stats"),
    activityStats: (range: "daily" | "weekly") => get<ActivityPoint[]>("admin/activity-stats", { range }),
    withdrawals: (q: { status?: WithdrawalStatus; limit?: number; before?: number }) => get<Withdrawal[]>("admin/withdrawals", q),
    approveWithdrawal: (id: number) => send<Withdrawal>("patch", `admin/withdrawals/${id}/approve`),
    rejectWithdrawal: (id: number, reason: string) => send<Withdrawal>("patch", `admin/withdrawals/${id}/reject`, { reason }),
    payWithdrawal: (id: number, txHash: string) => send<Withdrawal>("patch", `admin/withdrawals/${id}/paid`, { txHash }),
    tasks: () => get<Task[]>("admin/tasks"),
    createTask: (input: TaskInput) => send<Task>("post", "admin/tasks", input),
    updateTask: (id: number, input: TaskInput) => send<Task>("patch", `admin/tasks/${id}`, input),
    users: (q: { search?: string; limit?: number }) => get<AdminUser[]>("admin/users", q),
    user: (id: number) => get<AdminUser>(`admin/users/${id}`),
    userLedger: (id: number, limit?: number) => get<LedgerEntry[]>(`admin/users/${id}/balance`, { limit }),
    userReferrals: (id: number) => get<UserReferrals>(`admin/users/${id}/referrals`),
    userActivity: (id: number) => get<UserActivity>(`admin/users/${id}/activity`),
    banUser: (id: number, reason?: string) => send<AdminUser>("post", `admin/users/${id}/ban`, reason ? { reason } : {}),
    unbanUser: (id: number) => send<AdminUser>("post", `admin/users/${id}/unban`),
    adjustBalance: (id: number, amount: string, reason: string) => send<{ user: AdminUser; entry: LedgerEntry }>("post", `admin/users/${id}/adjust`, { amount, reason }),
    leaderboard: (category: LeaderboardCategory, limit?: number) => get<LeaderboardEntry[]>(`admin/leaderboard/${category}`, { limit }),
    broadcast: (message: string) => send<{ queuedCount: number; broadcast: Broadcast }>("post", "admin/broadcast", { message }),
    broadcasts: (limit?: number) => get<Broadcast[]>("admin/broadcasts", { limit }),
    flushBroadcasts: () => send<Jsonify<FlushReport>>("post", "admin/broadcasts/flush"),
    audit: (limit?: number) => get<AuditEntry[]>("admin/audit", { limit }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

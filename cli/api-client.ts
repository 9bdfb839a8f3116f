// The typed client of the refbot HTTP API (docs/api.md). Answer types come from the server's own
// contract, read off its routes, so the CLI never writes a shape.
import ky, { HTTPError, isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type {
  ActivityPointDto,
  AdjustmentDto,
  AdminMeDto,
  AdminStatsDto,
  AdminUserDetailDto,
  AdminUserDto,
  AuditEntryDto,
  BroadcastAudienceDto,
  BroadcastBody,
  BroadcastDto,
  CancelledBroadcastDto,
  FlaggedUserDto,
  FlushReportDto,
  HealthDto,
  HoldReleaseDto,
  LeaderboardCategory,
  LeaderboardEntryDto,
  LedgerEntryDto,
  LoginDto,
  NewTaskBody,
  QueuedBroadcastDto,
  RiskCaseDto,
  RiskClearDto,
  RiskConfirmDto,
  RiskStatus,
  TaskChangesBody,
  TaskDto,
  UserActivityDto,
  UserReferralsDto,
  WithdrawalCountsDto,
  WithdrawalDto,
  WithdrawalStatus,
} from "@/api/http/contract.ts";
import type { Connection } from "./config.ts";
import { ApiError, CliError, exitCodes, UnreachableError } from "./errors.ts";

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
    health: () => get<HealthDto>("health"),
    login: (email: string, password: string) => send<LoginDto>("post", "auth/login", { email, password }),
    logout: () => send<{ ok: true }>("post", "auth/logout"),
    me: () => get<AdminMeDto>("admin/me"),
    stats: () => get<AdminStatsDto>("admin/stats"),
    activityStats: (range: "daily" | "weekly") => get<ActivityPointDto[]>("admin/activity-stats", { range }),
    withdrawals: (q: { status?: WithdrawalStatus; limit?: number; before?: number }) => get<WithdrawalDto[]>("admin/withdrawals", q),
    withdrawalCounts: () => get<WithdrawalCountsDto>("admin/withdrawals/counts"),
    approveWithdrawal: (id: number) => send<WithdrawalDto>("patch", `admin/withdrawals/${id}/approve`),
    rejectWithdrawal: (id: number, reason: string) => send<WithdrawalDto>("patch", `admin/withdrawals/${id}/reject`, { reason }),
    payWithdrawal: (id: number, txHash: string) => send<WithdrawalDto>("patch", `admin/withdrawals/${id}/paid`, { txHash }),
    tasks: () => get<TaskDto[]>("admin/tasks"),
    createTask: (input: NewTaskBody) => send<TaskDto>("post", "admin/tasks", input),
    updateTask: (id: number, input: TaskChangesBody) => send<TaskDto>("patch", `admin/tasks/${id}`, input),
    users: (q: { search?: string; limit?: number; before?: number }) => get<AdminUserDto[]>("admin/users", q),
    user: (id: number) => get<AdminUserDetailDto>(`admin/users/${id}`),
    userLedger: (id: number, q: { limit?: number; before?: number }) => get<LedgerEntryDto[]>(`admin/users/${id}/balance`, q),
    userReferrals: (id: number) => get<UserReferralsDto>(`admin/users/${id}/referrals`),
    userActivity: (id: number) => get<UserActivityDto>(`admin/users/${id}/activity`),
    banUser: (id: number, reason?: string) => send<AdminUserDto>("post", `admin/users/${id}/ban`, reason ? { reason } : {}),
    unbanUser: (id: number) => send<AdminUserDto>("post", `admin/users/${id}/unban`),
    adjustBalance: (id: number, amount: string, reason: string) => send<AdjustmentDto>("post", `admin/users/${id}/adjust`, { amount, reason }),
    leaderboard: (category: LeaderboardCategory, limit?: number) => get<LeaderboardEntryDto[]>(`admin/leaderboard/${category}`, { limit }),
    broadcast: (body: BroadcastBody) => send<QueuedBroadcastDto>("post", "admin/broadcast", body),
    broadcastAudience: () => get<BroadcastAudienceDto>("admin/broadcast/audience"),
    broadcasts: (q: { limit?: number; before?: number }) => get<BroadcastDto[]>("admin/broadcasts", q),
    flushBroadcasts: () => send<FlushReportDto>("post", "admin/broadcasts/flush"),
    cancelBroadcast: (id: number) => send<CancelledBroadcastDto>("post", `admin/broadcasts/${id}/cancel`),
    flaggedUsers: (q: { status?: RiskStatus; limit?: number; before?: number }) => get<FlaggedUserDto[]>("admin/risk", q),
    riskCase: (userId: number) => get<RiskCaseDto>(`admin/risk/${userId}`),
    clearRisk: (userId: number) => send<RiskClearDto>("post", `admin/risk/${userId}/clear`),
    confirmFraud: (userId: number, farm: number[] | "all") => send<RiskConfirmDto>("post", `admin/risk/${userId}/confirm`, { farm }),
    releaseHolds: () => send<HoldReleaseDto>("post", "admin/risk/holds/release"),
    audit: (q: { limit?: number; before?: number }) => get<AuditEntryDto[]>("admin/audit", q),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

// The typed client of the refbot HTTP API (docs/api.md). Every call names its route by method and
// path as the server declares it, through the routes' own types (api/client/routes.ts), so
// the CLI never writes a shape and a wrong path, parameter or body stops the compile.
import ky, { HTTPError, isHTTPError, isNetworkError, isTimeoutError, type KyInstance } from "ky";
import type { BroadcastBody, LeaderboardCategory, LeaderboardEntryDto, NewTaskBody, PathOf, RequestOf, TaskChangesBody } from "@/api/contract.ts";
import { apiRoutes } from "@/api/client/routes.ts";
import type { Scope } from "@/domain/access.ts";
import type { AdminRole } from "@/domain/model/index.ts";
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

/** What a listing takes in its query, as its route reads it. */
type Query<P extends PathOf<"get">> = NonNullable<RequestOf<"get", P>["query"]>;

export function createApiClient(connection: Connection) {
  const http: KyInstance = ky.create({
    prefix: connection.apiUrl,
    // The CLI is run by a person or cron; failing at once beats a minute of silent retries.
    retry: 0,
    timeout: 60_000,
    headers: connection.token ? { authorization: `Bearer ${connection.token}` } : {},
  });
  const api = apiRoutes<never>(({ method, path, query, body }) =>
    call(connection, () =>
      http(path, {
        method,
        searchParams: query,
        // Every call but a read sends a JSON body, `{}` when the route takes none.
        json: method === "get" ? undefined : (body ?? {}),
      }).json(),
    ),
  );

  return {
    apiUrl: connection.apiUrl,
    health: () => api.get("/api/health"),
    login: (email: string, password: string) => api.post("/api/auth/login", { body: { email, password } }),
    logout: () => api.post("/api/auth/logout"),
    me: () => api.get("/api/admin/me"),
    stats: () => api.get("/api/admin/stats"),
    activityStats: (range: "daily" | "weekly") => api.get("/api/admin/activity-stats", { query: { range } }),
    withdrawals: (query: Query<"/api/admin/withdrawals">) => api.get("/api/admin/withdrawals", { query }),
    withdrawalCounts: () => api.get("/api/admin/withdrawals/counts"),
    withdrawal: (id: number) => api.get("/api/admin/withdrawals/:id", { params: { id } }),
    approveWithdrawal: (id: number) => api.patch("/api/admin/withdrawals/:id/approve", { params: { id } }),
    rejectWithdrawal: (id: number, reason: string) => api.patch("/api/admin/withdrawals/:id/reject", { params: { id }, body: { reason } }),
    payWithdrawal: (id: number, txHash: string) => api.patch("/api/admin/withdrawals/:id/paid", { params: { id }, body: { txHash } }),
    verifyWithdrawal: (id: number) => api.post("/api/admin/withdrawals/:id/verify", { params: { id } }),
    sendWithdrawal: (id: number) => api.post("/api/admin/withdrawals/:id/send", { params: { id } }),
    walletStatus: () => api.get("/api/admin/wallet"),
    tasks: () => api.get("/api/admin/tasks"),
    createTask: (body: NewTaskBody) => api.post("/api/admin/tasks", { body }),
    updateTask: (id: number, body: TaskChangesBody) => api.patch("/api/admin/tasks/:id", { params: { id }, body }),
    users: (query: Query<"/api/admin/users">) => api.get("/api/admin/users", { query }),
    user: (id: number) => api.get("/api/admin/users/:id", { params: { id } }),
    userLedger: (id: number, query: Query<"/api/admin/users/:id/balance">) => api.get("/api/admin/users/:id/balance", { params: { id }, query }),
    userReferrals: (id: number) => api.get("/api/admin/users/:id/referrals", { params: { id } }),
    userActivity: (id: number) => api.get("/api/admin/users/:id/activity", { params: { id } }),
    banUser: (id: number, reason?: string) => api.post("/api/admin/users/:id/ban", { params: { id }, body: reason ? { reason } : {} }),
    unbanUser: (id: number) => api.post("/api/admin/users/:id/unban", { params: { id } }),
    adjustBalance: (id: number, amount: string, reason: string) => api.post("/api/admin/users/:id/adjust", { params: { id }, body: { amount, reason } }),
    leaderboard: (category: LeaderboardCategory, limit?: number): Promise<LeaderboardEntryDto[]> =>
      api.get("/api/admin/leaderboard/:category", { params: { category }, query: { limit } }),
    broadcast: (body: BroadcastBody) => api.post("/api/admin/broadcast", { body }),
    broadcastAudience: () => api.get("/api/admin/broadcast/audience"),
    broadcasts: (query: Query<"/api/admin/broadcasts">) => api.get("/api/admin/broadcasts", { query }),
    flushBroadcasts: () => api.post("/api/admin/broadcasts/flush"),
    cancelBroadcast: (id: number) => api.post("/api/admin/broadcasts/:id/cancel", { params: { id } }),
    flaggedUsers: (query: Query<"/api/admin/risk">) => api.get("/api/admin/risk", { query }),
    riskCase: (userId: number) => api.get("/api/admin/risk/:id", { params: { id: userId } }),
    clearRisk: (userId: number) => api.post("/api/admin/risk/:id/clear", { params: { id: userId } }),
    confirmFraud: (userId: number, farm: number[] | "all") => api.post("/api/admin/risk/:id/confirm", { params: { id: userId }, body: { farm } }),
    releaseHolds: () => api.post("/api/admin/risk/holds/release"),
    audit: (query: Query<"/api/admin/audit">) => api.get("/api/admin/audit", { query }),
    auditAdmins: () => api.get("/api/admin/audit/admins"),
    admins: () => api.get("/api/admin/admins"),
    setAdminRole: (id: number, role: AdminRole) => api.patch("/api/admin/admins/:id/role", { params: { id }, body: { role } }),
    apiTokens: () => api.get("/api/admin/tokens"),
    createApiToken: (body: { name: string; scopes: Scope[]; expires?: string }) => api.post("/api/admin/tokens", { body }),
    revokeApiToken: (id: number) => api.post("/api/admin/tokens/:id/revoke", { params: { id } }),
    settings: () => api.get("/api/admin/settings"),
    setting: (key: string) => api.get("/api/admin/settings/:key", { params: { key } }),
    setSetting: (key: string, value: string) => api.put("/api/admin/settings/:key", { params: { key }, body: { value } }),
    resetSetting: (key: string) => api.post("/api/admin/settings/:key/reset", { params: { key } }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

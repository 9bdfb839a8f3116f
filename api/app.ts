// Composes the HTTP app from its areas. Everything it needs arrives as arguments, so tests build
// the same app around a temporary database and a fake clock.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import { initDataKey } from "@/domain/init-data.ts";
import { createLoginThrottle } from "@/domain/login-throttle.ts";
import { adminAuth } from "./plugins/admin-auth.ts";
import { bodyLimitsPlugin } from "./plugins/body-limits.ts";
import { adminRiskRoutes } from "./routes/admin-risk.ts";
import { adminSetupRoutes, type DoctorRunner } from "./routes/admin-setup.ts";
import { clientAddress, clientAddressResolver } from "./plugins/client-address.ts";
import { compressJsonPlugin } from "./plugins/compress-json.ts";
import { errorHandler } from "./plugins/errors.ts";
import { metricsPlugin } from "./plugins/metrics.ts";
import type { Metrics } from "@/observe/metrics/registry.ts";
import { requestEdge, requestIdPlugin } from "./plugins/request-id.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { openapiRoutes } from "./plugins/openapi.ts";
import { securityHeadersPlugin } from "./plugins/security-headers.ts";
import { textInputPlugin } from "./plugins/text-input.ts";
import { userAuth, userSignIn } from "./plugins/user-auth.ts";
import { adminSettingRoutes } from "./routes/admin-settings.ts";
import { adminAccessRoutes } from "./routes/admin-access.ts";
import { adminBroadcastRoutes } from "./routes/admin-broadcast.ts";
import { adminInsightRoutes } from "./routes/admin-insights.ts";
import { adminTaskRoutes } from "./routes/admin-tasks.ts";
import { adminUserRoutes } from "./routes/admin-users.ts";
import { adminWithdrawalRoutes } from "./routes/admin-withdrawals.ts";
import { adminWalletRoutes } from "./routes/admin-wallet.ts";
import { authRoutes } from "./routes/auth.ts";
import { meAnswer, meRoutes } from "./routes/me.ts";
import { publicRoutes } from "./routes/public.ts";
import { noBotRuntime, type Runtime } from "@/domain/bot-status.ts";
import { activeTaskLists, userTaskRoutes } from "./routes/tasks.ts";
import { webRoutes } from "./web.ts";
import { hotReads } from "./hot-reads.ts";

export type AppOptions = {
  jwtSecret: string;
  runtime?: Runtime;
  webDist?: string;
  /** A request's socket peer; the listening server's by default. In-process tests have no socket, so they name one. */
  peerAddress?: (request: Request) => string | undefined;
  /** Where each request's line and the errors on our side go; nowhere unless given. */
  log?: Log;
  /** What the HTTP layer reports to, and GET /metrics serves; no timing and no /metrics unless given. */
  metrics?: Metrics;
  /** The doctor's checks as this server runs them, for the Setup page; none unless given. */
  doctor?: DoctorRunner;
};

/** The key that signs demo init data: only this server knows it, and only demo mode uses it. */
export const demoInitDataToken = (jwtSecret: string) => `demo:${jwtSecret}`;

export function createApp(deps: Deps<Config>, { jwtSecret, runtime = noBotRuntime, webDist, peerAddress, log = silentLog, metrics, doctor = async () => [] }: AppOptions) {
  const initKey = initDataKey(deps.config.bot.token ?? demoInitDataToken(jwtSecret));
  const admin = adminAuth(deps, jwtSecret);
  // The listening server is the app's own, asked for only as a client is looked at.
  const addressOf = clientAddressResolver(deps.config.trustProxy, peerAddress, () => api.server);
  const signIn = userSignIn(deps, initKey, addressOf);
  const user = userAuth(signIn);
  const edge = requestEdge(log, metrics?.http);
  const me = meAnswer(deps);
  const taskLists = activeTaskLists(deps);
  // The reads Bun answers ahead of the app (hot-reads.ts), handed to Bun.serve as routes of ours
  // through Elysia's `serve` option; Elysia gives them priority over its own for the same path.
  const hot = hotReads(
    [
      { path: "/api/me", kept: me, made: me },
      { path: "/api/tasks/active", kept: taskLists.kept, made: taskLists.of },
    ],
    signIn,
    edge,
    (request) => api.fetch(request),
  );
  const api = new Elysia({ serve: { routes: hot } })
    // First, so that every answer, refused ones too, carries the request id.
    .use(requestIdPlugin(edge, log))
    .use(errorHandler(log))
    .use(metricsPlugin(metrics, deps.config.metrics.token, peerAddress))
    // Edge rules for every answer, in this order: headers first, so a refused body carries them too.
    .use(securityHeadersPlugin)
    .use(bodyLimitsPlugin)
    .use(compressJsonPlugin)
    .use(textInputPlugin)
    .use(publicRoutes(deps, runtime, initKey))
    .use(authRoutes(deps, admin, createLoginThrottle(deps), clientAddress(addressOf)))
    .use(adminInsightRoutes(deps, admin, runtime))
    .use(adminTaskRoutes(deps, admin))
    .use(adminWithdrawalRoutes(deps, admin))
    .use(adminWalletRoutes(deps, admin))
    .use(adminUserRoutes(deps, admin))
    .use(adminBroadcastRoutes(deps, admin, runtime))
    .use(adminRiskRoutes(deps, admin))
    .use(adminAccessRoutes(deps, admin))
    .use(adminSetupRoutes(admin, doctor))
    .use(adminSettingRoutes(deps, admin))
    .use(meRoutes(deps, user, me))
    .use(userTaskRoutes(deps, user, taskLists));
  const app = api.use(openapiRoutes(api));
  return webDist ? app.use(webRoutes(webDist)) : app;
}

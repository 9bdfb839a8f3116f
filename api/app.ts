// Composes the HTTP app from its areas. Everything it needs arrives as arguments, so tests build
// the same app around a temporary database and a fake clock.
import { Elysia } from "elysia";
import { createLoginThrottle } from "./domain/admins.ts";
import type { Deps } from "./domain/context.ts";
import { initDataKey } from "./domain/init-data.ts";
import { adminAuth } from "./plugins/admin-auth.ts";
import { errorHandler } from "./plugins/errors.ts";
import { userAuth } from "./plugins/user-auth.ts";
import { adminBroadcastRoutes } from "./routes/admin-broadcast.ts";
import { adminInsightRoutes } from "./routes/admin-insights.ts";
import { adminTaskRoutes } from "./routes/admin-tasks.ts";
import { adminUserRoutes } from "./routes/admin-users.ts";
import { adminWithdrawalRoutes } from "./routes/admin-withdrawals.ts";
import { authRoutes } from "./routes/auth.ts";
import { meRoutes } from "./routes/me.ts";
import { publicRoutes } from "./routes/public.ts";
import { noBotRuntime, type Runtime } from "./runtime.ts";
import { userTaskRoutes } from "./routes/tasks.ts";
import { webRoutes } from "./web.ts";

export type AppOptions = {
  jwtSecret: string;
  runtime?: Runtime;
  webDist?: string;
};

/** The key that signs demo init data: only this server knows it, and only demo mode uses it. */
export const demoInitDataToken = (jwtSecret: string) => `demo:${jwtSecret}`;

export function createApp(deps: Deps, { jwtSecret, runtime = noBotRuntime, webDist }: AppOptions) {
  const initKey = initDataKey(deps.config.bot.token ?? demoInitDataToken(jwtSecret));
  const admin = adminAuth(deps, jwtSecret);
  const user = userAuth(deps, initKey);
  const app = new Elysia()
    .use(errorHandler)
    .use(publicRoutes(deps, runtime, initKey))
    .use(authRoutes(deps, admin, createLoginThrottle(deps.clock)))
    .use(adminInsightRoutes(deps, admin, runtime))
    .use(adminTaskRoutes(deps, admin))
    .use(adminWithdrawalRoutes(deps, admin))
    .use(adminUserRoutes(deps, admin))
    .use(adminBroadcastRoutes(deps, admin, runtime))
    .use(meRoutes(deps, user))
    .use(userTaskRoutes(deps, user));
  if (deps.config.logRequests) {
    app.onAfterResponse({ as: "global" }, ({ request, path, set }) => console.log(`${request.method} ${path} ${set.status ?? 200}`));
  }
  return webDist ? app.use(webRoutes(webDist)) : app;
}

export type App = ReturnType<typeof createApp>;

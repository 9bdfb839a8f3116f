// Every admin route of an app, read off the app itself with the scope its admin macro declares, so
// a test walking them covers a route the day it is added. Paths get their parameters filled in
// (id 1, the first leaderboard category), enough to reach the route's own checks.
import type { AnyElysia } from "elysia";
import type { Access } from "@/domain/access.ts";

export type AdminRoute = { method: string; template: string; path: string; access: Access };

type Detail = { security?: Record<string, string[]>[]; "x-scope"?: string };

const fill = (template: string) => template.replace(/:category\b/, "earnings").replace(/:(\w+)/g, "1");

export function adminRoutesOf(app: AnyElysia): AdminRoute[] {
  const routes: AdminRoute[] = [];
  for (const route of app.routes) {
    const detail = (route.hooks as { detail?: Detail }).detail;
    if (!detail?.security?.some((requirement) => "adminToken" in requirement)) continue;
    const template = route.path.length > 1 ? route.path.replace(/\/$/, "") : route.path;
    const access = (detail["x-scope"] ?? (route.method === "GET" ? "self" : "session")) as Access;
    routes.push({ method: route.method, template, path: fill(template), access });
  }
  return routes;
}

/** The /api routes a caller could reach that say nothing about admins: every /api/admin one must. */
export function unguardedAdminPaths(app: AnyElysia): string[] {
  const guarded = new Set(adminRoutesOf(app).map((route) => `${route.method} ${route.template}`));
  return app.routes
    .map((route) => `${route.method} ${route.path.length > 1 ? route.path.replace(/\/$/, "") : route.path}`)
    .filter((route) => route.split(" ")[1]!.startsWith("/api/admin") && !guarded.has(route));
}

// docs/api.md says what each route means; GET /api/openapi.json says its shapes. This keeps the
// page's route tables to the routes the app really has: a route added, renamed or removed without
// its line in docs/api.md fails here, naming it.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { makeTestApp } from "./support/app.ts";

/** `METHOD /path` of each table row of the page; `a\|b\|c` in the last segment is one route per name. */
function documentedRoutes(page: string): Set<string> {
  const routes = new Set<string>();
  for (const [, method, path] of page.matchAll(/^\| (GET|POST|PUT|PATCH|DELETE) (\/api\/\S+?) \|/gm)) {
    routes.add(`${method} ${path!.replaceAll("\\|", "|")}`);
  }
  return routes;
}

test("docs/api.md lists every /api route the app serves, and no other", async () => {
  const t = await makeTestApp();
  try {
    const served = new Set(
      t.app.routes
        .map((route) => `${route.method} ${route.path.length > 1 ? route.path.replace(/\/$/, "") : route.path}`)
        .filter((route) => route.split(" ")[1]!.startsWith("/api/")),
    );
    const documented = documentedRoutes(readFileSync(join(import.meta.dir, "..", "docs", "api.md"), "utf8"));
    // A row naming a parameter's values (earnings|referrals|activity) stands for the route's :param.
    const written = new Set([...documented].map((route) => route.replace(/\/[a-z-]+(\|[a-z-]+)+$/, "/:category")));
    expect({ undocumented: [...served].filter((r) => !written.has(r)).sort(), notServed: [...written].filter((r) => !served.has(r)).sort() }).toEqual({
      undocumented: [],
      notServed: [],
    });
  } finally {
    await t.close();
  }
});

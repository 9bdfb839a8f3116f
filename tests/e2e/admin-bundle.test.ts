// The admin panel is its own chunk: every file the mini app can load (its entry and everything
// reachable by static or dynamic import) is free of admin code and of uPlot.
import { beforeAll, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { webDist } from "@/server/build-web.ts";
import { ensureWebBuilt } from "@/tests/support/build-web.ts";

beforeAll(async () => {
  await ensureWebBuilt();
}, 90_000);

function reachableFrom(html: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.endsWith(".js")) continue;
    const code = readFileSync(join(webDist, "assets", file), "utf8");
    // Static imports and import() name "./x.js"; vite's preload list names "assets/x.js".
    for (const m of code.matchAll(/["'`](?:\.\/|assets\/)([\w.-]+\.(?:js|css))["'`]/g)) queue.push(m[1]!);
  }
  return seen;
}

test("the mini app never loads admin code or uPlot", () => {
  const app = reachableFrom(readFileSync(join(webDist, "app", "index.html"), "utf8"));
  expect(app.size).toBeGreaterThan(0);
  for (const file of app) {
    expect(file).not.toMatch(/^(admin|activity-chart)-/);
    const text = readFileSync(join(webDist, "assets", file), "utf8");
    // Minified uPlot keeps its "uplot" class names, not its identifier.
    expect(text).not.toMatch(/uplot/i);
    expect(text).not.toContain("Telegram Referral Bot Management");
    expect(text).not.toContain("admin_token");
  }
});

test("uPlot sits in the admin's lazily loaded chart chunk only", () => {
  const admin = reachableFrom(readFileSync(join(webDist, "admin", "index.html"), "utf8"));
  const withUplot = [...admin].filter((file) => /uplot/i.test(readFileSync(join(webDist, "assets", file), "utf8")));
  expect(withUplot.length).toBeGreaterThan(0);
  for (const file of withUplot) expect(file).toMatch(/^activity-chart-/);
});

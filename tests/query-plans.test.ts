// Every query an endpoint runs must use an index: no request may scan the users, ledger,
// completions, referrals or withdrawals tables, which grow with the user base. The check reads
// SQLite's query plans, so it needs no timing and fails the moment an index stops being used.
import { expect, test } from "bun:test";
import { seedIfEmpty } from "@/domain/seed.ts";
import { openDb } from "@/db/sqlite/client.ts";
import { sqliteStore } from "@/db/sqlite/store/index.ts";
import { makeTestApp } from "./support/app.ts";

const bigTables = ["users", "ledger", "task_completions", "task_opens", "referrals", "withdrawals", "broadcast_deliveries"];

/**
 * A scan is fine only when a LIMIT stops it early and no sort is needed: walking an index in the
 * ORDER BY's order, or the rowid for an unfiltered "latest N" list. Scanning a
 * partial index (a few flagged rows, like banned users) is fine too.
 */
function badSteps(query: string, plan: string[], partialIndexes: Set<string>): string[] {
  const limit = /\blimit\b/i.test(query);
  const sorts = plan.some((s) => s.includes("TEMP B-TREE"));
  return plan.filter((step) => {
    const scan = /^SCAN (\w+)( USING (?:COVERING )?INDEX (\w+))?/.exec(step);
    if (scan?.[3] && partialIndexes.has(scan[3])) return false;
    if (scan && bigTables.includes(scan[1]!)) {
      const early = scan[2] ? limit : limit && !/\bwhere\b/i.test(query);
      return !early || sorts;
    }
    return step.includes("TEMP B-TREE") && bigTables.some((t) => query.includes(`"${t}"`));
  });
}

test("every endpoint's queries use an index", async () => {
  const t = await makeTestApp();
  t.setNow(new Date());
  // The demo data goes in through a connection of its own, so every statement the app's
  // connection compiles from here on belongs to a request (compiled statements are reused).
  const seeding = openDb(t.deps.config.databasePath);
  await seedIfEmpty({ ...t.deps, store: sqliteStore(seeding) });
  seeding.sqlite.close();
  // Record every statement the connection compiles: drizzle's and the hot paths' plain SQL alike.
  const queries = new Set<string>();
  const client = t.db.$client;
  for (const method of ["prepare", "query"] as const) {
    const original = client[method].bind(client);
    client[method] = ((sql: string, ...rest: unknown[]) => (queries.add(sql), (original as Function)(sql, ...rest))) as never;
  }
  const user = { id: 1, tgId: 1_000_001 }; // the seed's first user
  const admin = await t.adminHeaders();
  const headers = t.userHeaders(user.tgId);

  const gets = [
    "/api/admin/stats", "/api/admin/task-stats", "/api/admin/tasks", "/api/admin/activity-stats", "/api/admin/activity-stats?range=weekly",
    "/api/admin/withdrawals?status=pending", "/api/admin/withdrawals", "/api/admin/users", "/api/admin/users?search=ali",
    "/api/admin/users?search=1000001", "/api/admin/users?search=0x4f", `/api/admin/users/${user.id}`, `/api/admin/users/${user.id}/balance`,
    `/api/admin/users/${user.id}/referrals`, `/api/admin/users/${user.id}/activity`, "/api/admin/leaderboard/earnings",
    "/api/admin/leaderboard/referrals", "/api/admin/leaderboard/activity", "/api/admin/broadcasts", "/api/admin/audit",
  ];
  for (const path of gets) expect((await t.request("GET", path, { headers: admin })).status).toBe(200);
  const userGets = [
    "/api/me", "/api/me/activity", "/api/me/balance", "/api/me/referrals", "/api/me/referrals/recent", "/api/me/withdrawals",
    "/api/me/rank?category=earnings", "/api/me/rank?category=referrals", "/api/me/rank?category=activity", "/api/tasks/active",
    "/api/leaderboard/earnings", "/api/leaderboard/referrals", "/api/leaderboard/activity",
  ];
  for (const path of userGets) expect((await t.request("GET", path, { headers })).status).toBe(200);
  await t.request("POST", "/api/tasks/1/complete", { headers });
  await t.request("POST", "/api/tasks/3/complete", { headers });
  // The seed's link task (3) for a user who has not opened it: refused, opened twice, refused
  // while waiting, claimed after the wait; and the list with an open in it.
  const newcomer = t.userHeaders(1_000_050);
  await t.request("POST", "/api/tasks/3/complete", { headers: newcomer });
  await t.request("POST", "/api/tasks/3/open", { headers: newcomer });
  await t.request("POST", "/api/tasks/3/open", { headers: newcomer });
  await t.request("POST", "/api/tasks/3/complete", { headers: newcomer });
  await t.request("GET", "/api/tasks/active", { headers: newcomer });
  t.setNow(new Date(t.now().getTime() + 60_000));
  expect((await t.request("POST", "/api/tasks/3/complete", { headers: newcomer })).status).toBe(200);
  await t.request("POST", "/api/me/wallet", { headers, body: { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" } });
  await t.request("PATCH", "/api/admin/withdrawals/1/approve", { headers: admin });
  await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: admin, body: { amount: "1", reason: "plan check" } });

  const partial = t.db.$client.query("select name from sqlite_master where type = 'index' and sql like '% WHERE %'").all() as { name: string }[];
  const partialIndexes = new Set(partial.map((p) => p.name));
  const offenders: string[] = [];
  for (const sql of queries) {
    if (!/^\s*(select|update|delete|insert)/i.test(sql)) continue;
    // Parameters stay unbound (NULL): plans here do not depend on their values.
    const plan = (client.prepare(`explain query plan ${sql}`).all() as { detail: string }[]).map((r) => r.detail);
    const bad = badSteps(sql, plan, partialIndexes);
    if (bad.length) offenders.push(`${sql}\n    ${bad.join("\n    ")}`);
  }
  expect(queries.size).toBeGreaterThan(40);
  expect(offenders).toEqual([]);
});

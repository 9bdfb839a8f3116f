// The broadcast queue: who gets a delivery, the progress admins see, and the claim protocol of
// a flush (atomic claims, leases taken over from a dead flush, retries, release), across
// processes too. tests/broadcast-rules.test.ts runs the rules on PostgreSQL as well.
import { beforeEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { claimBatch, releaseClaim, settleDelivery } from "@/domain/broadcast.ts";
import { setReachable } from "@/domain/users.ts";
import { eq } from "@/db/ops.ts";
import { adminAudit, broadcastDeliveries, broadcasts } from "@/db/sqlite/schema/index.ts";
import { makeTestApp, type SqliteTestApp } from "./support/app.ts";

let t: SqliteTestApp;
let admin: Record<string, string>;
beforeEach(async () => {
  t = await makeTestApp({ BROADCAST_BATCH: "2", BROADCAST_INTERVAL: "60" });
  admin = await t.adminHeaders();
});

const queue = (message: string) => t.request("POST", "/api/admin/broadcast", { headers: admin, body: { message } });
const list = async (query = "") => (await t.request("GET", `/api/admin/broadcasts${query}`, { headers: admin })).body;
const deliveries = (broadcastId?: number) =>
  broadcastId === undefined
    ? t.db.select().from(broadcastDeliveries).all()
    : t.db.select().from(broadcastDeliveries).where(eq(broadcastDeliveries.broadcastId, broadcastId)).all();
const delivery = (id: number) => t.db.select().from(broadcastDeliveries).where(eq(broadcastDeliveries.id, id)).get()!;
const broadcastRow = (id: number) => t.db.select().from(broadcasts).where(eq(broadcasts.id, id)).get()!;
const minutes = (n: number) => new Date(t.now().getTime() + n * 60_000);

describe("queuing", () => {
  test("one delivery per active, non-banned user; banned and unreachable users are skipped", async () => {
    const [a, b, c, d, e] = await t.makeUsers(5);
    await t.request("POST", `/api/admin/users/${b!.id}/ban`, { headers: admin, body: { reason: "spam" } });
    await setReachable(t.deps, c!.tgId, false);
    const res = await queue("  Hello *everyone*, new tasks are live!  ");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      queuedCount: 3,
      broadcast: {
        id: expect.any(Number),
        message: "Hello *everyone*, new tasks are live!",
        texts: {},
        createdAt: t.now().toISOString(),
        total: 3,
        sent: 0,
        failed: 0,
        pending: 3,
        etaSeconds: 120, // ceil(3 / batch 2) flushes, 60 s apart
        stoppedAt: null,
        stopReason: null,
      },
    });
    const rows = deliveries(res.body.broadcast.id);
    expect(rows.map((r) => r.userId).sort()).toEqual([a!.id, d!.id, e!.id].sort());
    expect(rows.every((r) => r.status === "pending" && r.attempts === 0 && r.claimToken === null)).toBe(true);
    expect(broadcastRow(res.body.broadcast.id)).toMatchObject({ message: "Hello *everyone*, new tasks are live!", createdBy: t.admin.id, total: 3 });
    const audit = t.db.select().from(adminAudit).where(eq(adminAudit.action, "broadcast.queue")).all();
    expect(audit).toMatchObject([{ adminId: t.admin.id, targetType: "broadcast", targetId: res.body.broadcast.id, detail: { recipients: 3 } }]);
  });

  test("a user who becomes reachable again, or is unbanned, is included in the next broadcast", async () => {
    const a = await t.makeUser();
    const b = await t.makeUser();
    await setReachable(t.deps, a.tgId, false);
    await t.request("POST", `/api/admin/users/${b.id}/ban`, { headers: admin, body: {} });
    expect((await queue("First message")).body.queuedCount).toBe(0);
    await setReachable(t.deps, a.tgId, true);
    await t.request("POST", `/api/admin/users/${b.id}/unban`, { headers: admin });
    const second = await queue("Second message");
    expect(second.body.queuedCount).toBe(2);
    expect(second.body.broadcast.etaSeconds).toBe(60);
    expect(deliveries(second.body.broadcast.id).map((r) => r.userId).sort()).toEqual([a.id, b.id].sort());
  });

  test("the message is 5..4000 characters after trimming", async () => {
    await t.makeUser();
    expect((await queue("  hello  ")).body.broadcast.message).toBe("hello");
    expect((await queue("a".repeat(4000))).status).toBe(201);
    expect((await queue(`  ${"b".repeat(4000)}\n\n`)).body.broadcast.message).toBe("b".repeat(4000));
    const before = { broadcasts: t.db.select().from(broadcasts).all().length, deliveries: deliveries().length };
    for (const message of ["", "    ", "abcd", "  abcd  ", "a".repeat(4001)]) {
      const res = await queue(message);
      expect({ length: message.length, status: res.status, code: res.body.code }).toEqual({ length: message.length, status: 400, code: "VALIDATION_FAILED" });
      expect(res.body.message).toContain("message");
    }
    expect({ broadcasts: t.db.select().from(broadcasts).all().length, deliveries: deliveries().length }).toEqual(before);
  });
});

describe("progress", () => {
  test("GET /api/admin/broadcasts shows total, pending, sent, failed and the ETA, newest first", async () => {
    for (let i = 0; i < 5; i++) await t.makeUser();
    const first = (await queue("The first broadcast")).body.broadcast;
    const second = (await queue("The second broadcast")).body.broadcast;
    expect((await list()).map((b: { id: number }) => b.id)).toEqual([second.id, first.id]);
    expect((await list("?limit=1")).map((b: { id: number }) => b.id)).toEqual([second.id]);

    // Work through the first broadcast only: claim everything and keep what is not first's.
    const { token, deliveries: claimed } = await claimBatch(t.deps, 100);
    const mine = claimed.filter((d) => d.broadcastId === first.id);
    expect(mine).toHaveLength(5);
    expect(mine[0]).toMatchObject({ message: "The first broadcast", attempts: 0 });
    await settleDelivery(t.deps, mine[0]!.id, token, { ok: true });
    await settleDelivery(t.deps, mine[1]!.id, token, { ok: true });
    await settleDelivery(t.deps, mine[2]!.id, token, { ok: false, error: "Forbidden: bot was blocked by the user", retry: false });
    await settleDelivery(t.deps, mine[3]!.id, token, { ok: false, error: "Bad Gateway", retry: true }); // back to pending
    await releaseClaim(t.deps, token);

    const [secondNow, firstNow] = await list();
    expect(firstNow).toEqual({ ...first, total: 5, sent: 2, failed: 1, pending: 2, etaSeconds: 60 });
    expect(secondNow).toEqual({ ...second, total: 5, sent: 0, failed: 0, pending: 5, etaSeconds: 180 });
  });
});

describe("claims", () => {
  async function pending(n: number) {
    for (let i = 0; i < n; i++) await t.makeUser();
    return (await queue("Claim me please")).body.broadcast.id as number;
  }

  test("a claim takes at most N, two claims never share a delivery, and an empty queue claims nothing", async () => {
    await pending(7);
    const first = await claimBatch(t.deps, 3);
    const second = await claimBatch(t.deps, 3);
    const third = await claimBatch(t.deps, 3);
    expect([first.deliveries.length, second.deliveries.length, third.deliveries.length]).toEqual([3, 3, 1]);
    expect((await claimBatch(t.deps, 3)).deliveries).toEqual([]);
    const ids = [...first.deliveries, ...second.deliveries, ...third.deliveries].map((d) => d.id);
    expect(new Set(ids).size).toBe(7);
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);
    for (const d of first.deliveries) expect(delivery(d.id)).toMatchObject({ status: "sending", claimToken: first.token, claimedAt: t.now(), leaseUntil: minutes(10) });
    // Each claimed delivery knows where to go.
    const users = new Map(t.db.sqlite.query("select id, tg_id from users").all().map((r: any) => [r.id, r.tg_id]));
    for (const d of first.deliveries) expect(d.tgId).toBe(users.get(d.userId));
  });

  test("a lease that ran out (ten minutes: the flush died) is claimed again; a live one is not, and the dead flush can no longer settle", async () => {
    await pending(3);
    const dead = await claimBatch(t.deps, 10);
    expect(dead.deliveries).toHaveLength(3);
    const start = t.now();
    t.setNow(new Date(start.getTime() + 10 * 60_000 - 1000));
    expect((await claimBatch(t.deps, 10)).deliveries).toEqual([]);
    t.setNow(new Date(start.getTime() + 10 * 60_000 + 1000));
    const again = await claimBatch(t.deps, 2);
    expect(again.token).not.toBe(dead.token);
    expect(again.deliveries.map((d) => d.id)).toEqual(dead.deliveries.slice(0, 2).map((d) => d.id));
    expect((await claimBatch(t.deps, 10)).deliveries.map((d) => d.id)).toEqual([dead.deliveries[2]!.id]);
    expect((await claimBatch(t.deps, 10)).deliveries).toEqual([]);
    expect(await settleDelivery(t.deps, dead.deliveries[0]!.id, dead.token, { ok: true })).toBe("unclaimed");
    expect(await releaseClaim(t.deps, dead.token)).toBe(0);
    expect(delivery(dead.deliveries[0]!.id)).toMatchObject({ status: "sending", claimToken: again.token });
  });

  test("a retryable failure goes back to pending until the third attempt, then fails", async () => {
    const broadcastId = await pending(1);
    const outcomes: string[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      const { token, deliveries: [d] } = await claimBatch(t.deps, 5);
      expect(d!.attempts).toBe(attempt - 1);
      outcomes.push(await settleDelivery(t.deps, d!.id, token, { ok: false, error: `timeout ${attempt}`, retry: true }));
      expect(delivery(d!.id)).toMatchObject({ attempts: attempt, lastError: `timeout ${attempt}`, leaseUntil: null });
    }
    expect(outcomes).toEqual(["pending", "pending", "failed"]);
    expect((await claimBatch(t.deps, 5)).deliveries).toEqual([]);
    expect(broadcastRow(broadcastId)).toMatchObject({ sent: 0, failed: 1 });
    t.setNow(minutes(11)); // a failed delivery is never reclaimed as stale
    expect((await claimBatch(t.deps, 5)).deliveries).toEqual([]);
  });

  test("a success is recorded once; a non-retryable failure fails at once; an unclaimed delivery is not settled", async () => {
    const broadcastId = await pending(3);
    const first = await claimBatch(t.deps, 2);
    const second = await claimBatch(t.deps, 2);
    const [a, b] = first.deliveries;
    const [c] = second.deliveries;
    expect(await settleDelivery(t.deps, a!.id, first.token, { ok: true })).toBe("sent");
    expect(delivery(a!.id)).toMatchObject({ status: "sent", attempts: 1, sentAt: t.now(), claimToken: first.token, leaseUntil: null });
    expect(await settleDelivery(t.deps, a!.id, first.token, { ok: true })).toBe("unclaimed");
    expect(await settleDelivery(t.deps, c!.id, first.token, { ok: true })).toBe("unclaimed"); // another flush holds it
    expect(await settleDelivery(t.deps, b!.id, first.token, { ok: false, error: "chat not found", retry: false })).toBe("failed");
    expect(delivery(b!.id)).toMatchObject({ status: "failed", attempts: 1, lastError: "chat not found" });
    expect(broadcastRow(broadcastId)).toMatchObject({ sent: 1, failed: 1 });
    expect(await releaseClaim(t.deps, "no such token")).toBe(0);
    expect(delivery(c!.id)).toMatchObject({ status: "sending", attempts: 0 });
  });

  test("releasing a claim returns its unsent deliveries to pending, untouched, and leaves sent ones alone", async () => {
    await pending(4);
    const claim = await claimBatch(t.deps, 3);
    const other = await claimBatch(t.deps, 3);
    expect(other.deliveries).toHaveLength(1);
    await settleDelivery(t.deps, claim.deliveries[0]!.id, claim.token, { ok: true });
    expect(await releaseClaim(t.deps, claim.token)).toBe(2);
    for (const d of claim.deliveries.slice(1)) {
      expect(delivery(d.id)).toMatchObject({ status: "pending", claimToken: null, claimedAt: null, leaseUntil: null, attempts: 0 });
    }
    expect(delivery(claim.deliveries[0]!.id).status).toBe("sent");
    expect(delivery(other.deliveries[0]!.id)).toMatchObject({ status: "sending", claimToken: other.token });
    expect(await releaseClaim(t.deps, claim.token)).toBe(0);
    expect((await claimBatch(t.deps, 10)).deliveries.map((d) => d.id)).toEqual(claim.deliveries.slice(1).map((d) => d.id));
  });
});

describe("claims across processes", () => {
  test("several bun processes claiming from one database never take the same delivery, and together take all", async () => {
    for (let i = 0; i < 100; i++) await t.makeUser();
    for (let i = 0; i < 4; i++) expect((await queue(`Broadcast number ${i}`)).body.queuedCount).toBe(100);
    const all = deliveries().map((d) => d.id);
    expect(all).toHaveLength(400);

    const script = join(import.meta.dir, "support", "claim-worker.ts");
    const startAt = Date.now() + 700; // after every process has loaded
    const workers = Array.from({ length: 4 }, () =>
      Bun.spawn([process.execPath, script, t.deps.config.databasePath, "3", String(startAt)], { stdout: "pipe", stderr: "pipe" }),
    );
    const results = await Promise.all(
      workers.map(async (w) => {
        const [out, err, code] = await Promise.all([new Response(w.stdout).text(), new Response(w.stderr).text(), w.exited]);
        expect({ code, err }).toEqual({ code: 0, err: "" });
        return JSON.parse(out) as { claimed: number[]; batches: number[] };
      }),
    );
    const union = results.flatMap((r) => r.claimed);
    expect(union).toHaveLength(400);
    expect(new Set(union).size).toBe(400);
    expect([...union].sort((a, b) => a - b)).toEqual(all);
    for (const r of results) expect(r.batches.every((n) => n >= 1 && n <= 3)).toBe(true);
    // The processes really did run side by side.
    expect(results.filter((r) => r.claimed.length > 0).length).toBeGreaterThanOrEqual(2);
    expect(deliveries().every((d) => d.status === "sending" && d.claimToken !== null)).toBe(true);
  });
});

// The admin broadcast API on both engines: a text Telegram's Markdown would refuse is refused
// before anything is queued, naming the field and where the marker left open stands; a cancel
// fails what is left of a broadcast, is audited, and shows in the list; nothing is left to cancel
// in a broadcast that has finished or stopped.
import { expect } from "bun:test";
import { claimBatch, settleDelivery } from "@/domain/broadcast.ts";
import { and, eq } from "@/db/ops.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeEach(async () => {
    t = await makeTestApp({ BROADCAST_BATCH: "2", BROADCAST_INTERVAL: "60" });
    admin = await t.adminHeaders();
  });

  const queue = (body: unknown) => t.request("POST", "/api/admin/broadcast", { headers: admin, body });
  const cancel = (id: number) => t.request("POST", `/api/admin/broadcasts/${id}/cancel`, { headers: admin });
  const list = async () => (await t.request("GET", "/api/admin/broadcasts", { headers: admin })).body;

  test("Markdown Telegram would refuse is refused with 400, naming the text and where the open marker stands; nothing is queued", async () => {
    await t.makeUsers(2);
    const refused = [
      {
        body: { message: "Earn 2 * 3 USDT today with _referrals" },
        message: "message: Telegram would refuse this message: the * at character 8 is never closed. Close it with * (or write \\* to show the character itself).",
        extra: { field: "message", marker: "*", character: 8, line: 1, column: 8 },
      },
      {
        body: { message: "Hello everyone", texts: { ru: "Пишите в @refbot_support" } },
        message: "texts.ru: Telegram would refuse this message: the _ at character 17 is never closed. Close it with _ (or write \\_ to show the character itself).",
        extra: { field: "texts.ru", marker: "_", character: 17, line: 1, column: 17 },
      },
      {
        body: { message: "  *Big news*\n\nSee [the rules\nand more" },
        message: "message: Telegram would refuse this message: the [ at character 19 (line 3, column 5) is never closed. Close it with ] (or write \\[ to show the character itself).",
        extra: { field: "message", marker: "[", character: 19, line: 3, column: 5 },
      },
      {
        body: { message: "Hello everyone", texts: { es: "Hola a todos", ru: "```\ncode with no end" } },
        message: "texts.ru: Telegram would refuse this message: the ``` at character 1 is never closed. Close it with ```.",
        extra: { field: "texts.ru", marker: "```", character: 1, line: 1, column: 1 },
      },
    ];
    for (const { body, message, extra } of refused) {
      const res = await queue(body);
      expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { code: "VALIDATION_FAILED", message, ...extra } });
    }
    expect(await t.rows("broadcasts")).toEqual([]);
    expect(await t.rows("broadcastDeliveries")).toEqual([]);

    // The same texts written as Telegram reads them are queued.
    const fixed = await queue({ message: "Earn 2 \\* 3 USDT today with \\_referrals", texts: { ru: "Пишите в @refbot\\_support" } });
    expect(fixed.status).toBe(201);
    expect(fixed.body.broadcast).toMatchObject({ message: "Earn 2 \\* 3 USDT today with \\_referrals", texts: { ru: "Пишите в @refbot\\_support" }, total: 2 });
  });

  test("cancel fails every delivery still to send, in flight ones included, audited; the list shows it stopped with the reason", async () => {
    await t.makeUsers(5);
    const queued = (await queue({ message: "A broadcast to call back" })).body.broadcast;
    const later = (await queue({ message: "A broadcast to keep" })).body.broadcast;
    // One sent, two held by a flush, two waiting.
    const claim = await claimBatch(t.deps, 3);
    await settleDelivery(t.deps, claim.deliveries[0]!.id, claim.token, { ok: true });

    const res = await cancel(queued.id);
    const reason = "cancelled by admin@refbot.test";
    const stopped = { ...queued, sent: 1, failed: 4, pending: 0, etaSeconds: 0, stoppedAt: t.now().toISOString(), stopReason: reason };
    expect(res).toEqual({ status: 200, body: stopped });
    const rows = await t.rows("broadcastDeliveries", (d) => eq(d.broadcastId, queued.id));
    expect(rows.map((d) => [d.status, d.lastError])).toEqual([["sent", null], ...Array(4).fill(["failed", reason])]);
    expect(await t.rows("adminAudit", (a) => eq(a.action, "broadcast.cancel"))).toMatchObject([{ adminId: t.admin.id, targetType: "broadcast", targetId: queued.id, detail: { failed: 4 } }]);
    expect(await list()).toEqual([{ ...later, stoppedAt: null, stopReason: null }, stopped]);
    // The flush that held two of them sends neither: they are no longer its own.
    expect(await settleDelivery(t.deps, claim.deliveries[1]!.id, claim.token, { ok: false, error: "Bad Gateway", retry: true })).toBe("unclaimed");
    expect((await claimBatch(t.deps, 10)).deliveries.every((d) => d.broadcastId === later.id)).toBe(true);
    expect(await t.rows("broadcastDeliveries", (d) => and(eq(d.broadcastId, queued.id), eq(d.status, "failed")))).toHaveLength(4);
  });

  test("nothing is left to cancel: a stopped or finished broadcast is 409 INVALID_STATE, an unknown one 404, and neither changes a row", async () => {
    await t.makeUsers(2);
    const queued = (await queue({ message: "Cancelled once" })).body.broadcast;
    expect((await cancel(queued.id)).status).toBe(200);
    const finished = (await queue({ message: "Sent to everyone" })).body.broadcast;
    const claim = await claimBatch(t.deps, 10);
    for (const d of claim.deliveries) await settleDelivery(t.deps, d.id, claim.token, { ok: true });
    const before = await t.snapshot();

    expect(await cancel(queued.id)).toEqual({
      status: 409,
      body: { code: "INVALID_STATE", message: `Broadcast #${queued.id} has already stopped (cancelled by admin@refbot.test): nothing is left to cancel` },
    });
    expect(await cancel(finished.id)).toEqual({
      status: 409,
      body: { code: "INVALID_STATE", message: `Broadcast #${finished.id} has finished: every delivery was sent or failed, nothing is left to cancel` },
    });
    expect(await cancel(finished.id + 100)).toMatchObject({ status: 404, body: { code: "NOT_FOUND" } });
    expect((await t.request("POST", `/api/admin/broadcasts/${queued.id}/cancel`)).status).toBe(401);
    expect(await t.snapshot()).toEqual(before);
  });
});

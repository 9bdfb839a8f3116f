// A ban stops money at once, on both engines and across instances: a withdrawal or a channel
// task whose Telegram check is still running when another instance commits the ban is refused
// with 403 USER_BANNED and moves nothing, nor does the referral its completion would qualify; a
// user read before the ban (as a signed-in request holds it) is refused where the money would
// move; and of two risk confirms at once, one wins.
import { expect } from "bun:test";
import { createConfig } from "@/config/env.ts";
import { defaultSettings } from "@/domain/settings.ts";
import { fixedSettings } from "@/domain/settings-source.ts";
import { setBanned } from "@/domain/admin-users.ts";
import { makeCaches } from "@/domain/caches.ts";
import type { AppError } from "@/domain/errors.ts";
import { credit } from "@/domain/ledger.ts";
import { usdt } from "@/domain/money.ts";
import { confirmFraud } from "@/domain/risk-review.ts";
import type { Store } from "@/domain/store.ts";
import { completeTask, taskCreation, type TaskInput } from "@/domain/tasks.ts";
import { requestWithdrawal } from "@/domain/withdrawals.ts";
import { forEachEngine, type EngineFixture } from "./support/engines.ts";

const now = new Date("2026-03-10T12:00:00Z");
const config = createConfig({});

/** Telegram's membership answer, held until the test lets it go; `asked` resolves when it is asked. */
function slowTelegram() {
  let release!: () => void;
  let asked!: () => void;
  const answer = new Promise<void>((resolve) => (release = resolve));
  const wasAsked = new Promise<void>((resolve) => (asked = resolve));
  const membership = {
    isMember: async () => {
      asked();
      await answer;
      return true;
    },
  };
  return { membership, release, wasAsked };
}

function depsOf(store: Store, membership = { isMember: async () => true }) {
  return { store, clock: () => now, config, settings: fixedSettings(defaultSettings(config)), membership, caches: makeCaches(store) };
}

/** How a call ended, as the API would answer it: "ok", or the error's status and code. */
const outcome = (promise: Promise<unknown>) => promise.then(() => "ok", (error: AppError) => `${error.status} ${error.code}`);

/** A user with a wallet, in the channel, with `balance` USDT credited through the ledger. */
async function funded(e: EngineFixture, balance: string) {
  const user = await e.addUser({ wallet: true });
  await e.exec(`update users set channel_joined = true where id = ${user.id}`);
  await e.store.transaction((tx) => credit(tx, { userId: user.id, amount: usdt(balance), reason: "admin_adjustment", at: now }));
  return e.user(user.id);
}

const makeTask = (e: EngineFixture, input: Partial<TaskInput>) =>
  e.store.transaction(taskCreation({ kind: "daily_activity", title: "Check in", description: "", reward: usdt("0.2"), isActive: true, ...input }, now));

const count = async (e: EngineFixture, text: string) => Number((await e.exec(text))[0]!.n);

async function expectLedgerClean(e: EngineFixture) {
  expect((await e.checkLedger()).problems).toEqual([]);
}

await forEachEngine(import.meta.path, (it) => {
  it("a withdrawal whose channel check is in flight when another instance bans the user: 403 USER_BANNED, nothing debited", async (e) => {
    const telegram = slowTelegram();
    const here = depsOf(e.store, telegram.membership);
    const there = depsOf(await e.another());
    const admin = await e.addAdmin();
    const user = await funded(e, "30");
    const asked = outcome(requestWithdrawal(here, user, "12"));
    await telegram.wasAsked;
    await setBanned(there, admin, user.id, true, "fraud");
    telegram.release();
    expect(await asked).toBe("403 USER_BANNED");
    expect((await e.user(user.id)).balance).toBe(usdt("30"));
    expect(await count(e, `select count(*) as n from withdrawals where user_id = ${user.id}`)).toBe(0);
    expect((await e.ledgerRows(user.id)).map((r) => r.reason)).toEqual(["admin_adjustment"]);
    await expectLedgerClean(e);
  });

  it("a follow-channel completion whose membership check is in flight when another instance bans the user: 403 USER_BANNED, not paid", async (e) => {
    const telegram = slowTelegram();
    const here = depsOf(e.store, telegram.membership);
    const there = depsOf(await e.another());
    const admin = await e.addAdmin();
    const task = await makeTask(e, { kind: "follow_channel", title: "Join", reward: usdt("0.5") });
    const user = await e.addUser();
    const completing = outcome(completeTask(here, user, task.id));
    await telegram.wasAsked;
    await setBanned(there, admin, user.id, true);
    telegram.release();
    expect(await completing).toBe("403 USER_BANNED");
    const after = await e.user(user.id);
    expect(after).toMatchObject({ balance: 0, totalEarned: 0, channelJoined: false, tasksCompleted: 0 });
    expect(await count(e, `select count(*) as n from task_completions where user_id = ${user.id}`)).toBe(0);
    expect(await e.ledgerRows(user.id)).toEqual([]);
    await expectLedgerClean(e);
  });

  it("a completion that committed before the ban does not qualify the user's referral once Telegram answers after it", async (e) => {
    const telegram = slowTelegram();
    const here = depsOf(e.store, telegram.membership);
    const admin = await e.addAdmin();
    const daily = await makeTask(e, {});
    const referrer = await e.addUser();
    const friend = await e.addUser();
    await e.store.transaction((tx) => tx.users.addReferral(friend.id, referrer.id, now));
    // In the channel, with one daily task done: this completion makes the referral due.
    await e.exec(`update users set channel_joined = true, daily_tasks_completed = 1 where id = ${friend.id}`);
    const completing = outcome(completeTask(here, await e.user(friend.id), daily.id));
    await telegram.wasAsked;
    await setBanned(depsOf(await e.another()), admin, friend.id, true);
    telegram.release();
    // The completion itself came before the ban; the referral's qualification would come after it.
    expect(await completing).toBe("ok");
    expect(await e.user(referrer.id)).toMatchObject({ balance: 0, qualifiedReferrals: 0 });
    expect(await count(e, `select count(*) as n from referrals where referred_id = ${friend.id} and qualified_at is not null`)).toBe(0);
    await expectLedgerClean(e);
  });

  it("a user read before the ban, as a signed-in request holds it, is refused where money would move: paid and unpaid tasks, withdrawals", async (e) => {
    const deps = depsOf(e.store);
    const admin = await e.addAdmin();
    const paid = await makeTask(e, { title: "Paid" });
    const unpaid = await makeTask(e, { title: "Unpaid", reward: 0 });
    const user = await funded(e, "30");
    const before = await e.user(user.id);
    await setBanned(depsOf(await e.another()), admin, user.id, true);
    expect(await outcome(completeTask(deps, before, paid.id))).toBe("403 USER_BANNED");
    expect(await outcome(completeTask(deps, before, unpaid.id))).toBe("403 USER_BANNED");
    expect(await outcome(requestWithdrawal(deps, before, "10"))).toBe("403 USER_BANNED");
    expect(await e.user(user.id)).toMatchObject({ balance: usdt("30"), tasksCompleted: 0 });
    expect(await count(e, `select count(*) as n from task_completions where user_id = ${user.id}`)).toBe(0);
    expect(await count(e, `select count(*) as n from withdrawals where user_id = ${user.id}`)).toBe(0);
    // Unbanned, the same user is paid again.
    await setBanned(deps, admin, user.id, false);
    expect(await outcome(completeTask(deps, await e.user(user.id), paid.id))).toBe("ok");
    expect((await e.user(user.id)).balance).toBe(usdt("30.2"));
    await expectLedgerClean(e);
  });

  it("a withdrawal committed just before a ban on another instance is refunded by the ban, never left open", async (e) => {
    const here = depsOf(e.store);
    const there = depsOf(await e.another());
    const admin = await e.addAdmin();
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await funded(e, "20"));
    // Each request races its user's ban: whichever commits first, no request stays open.
    const races = await Promise.all(users.map((u) => Promise.all([outcome(requestWithdrawal(here, u, "15")), outcome(setBanned(there, admin, u.id, true))])));
    for (const [i, [asked, banned]] of races.entries()) {
      const id = users[i]!.id;
      expect(banned).toBe("ok");
      expect(["ok", "403 USER_BANNED"]).toContain(asked);
      expect(await count(e, `select count(*) as n from withdrawals where user_id = ${id} and status in ('review', 'pending', 'approved')`)).toBe(0);
      expect((await e.user(id)).balance).toBe(usdt("20"));
    }
    await expectLedgerClean(e);
  }, 30_000);

  it("two risk confirms of one user at once, through two instances: one reverses, the other gets 409 INVALID_STATE; one audit entry", async (e) => {
    const instances = [depsOf(e.store), depsOf(await e.another())];
    const admin = await e.addAdmin();
    for (let round = 0; round < 4; round++) {
      const user = await funded(e, "20");
      await e.exec(`update users set risk_status = 'flagged' where id = ${user.id}`);
      await requestWithdrawal(instances[0]!, user, "15");
      const outcomes = await Promise.all(instances.map((deps) => outcome(confirmFraud(deps, admin, user.id, "all"))));
      expect(outcomes.sort()).toEqual(["409 INVALID_STATE", "ok"]);
      expect(await count(e, `select count(*) as n from admin_audit where action = 'risk.confirm' and target_id = ${user.id}`)).toBe(1);
      expect((await e.ledgerRows(user.id)).filter((r) => r.reason === "withdrawal_refund")).toHaveLength(1);
      expect(await e.user(user.id)).toMatchObject({ balance: usdt("20"), isBanned: true, riskStatus: "confirmed" });
    }
    await expectLedgerClean(e);
  }, 30_000);
});

// Demo data for an empty database, made through the domain functions themselves (with a clock
// walked over the past ten days), so every balance matches its ledger and every counter its rows.
import { adjustBalance, setBanned } from "./admin-users.ts";
import { claimBatch, queueBroadcast, settleDelivery } from "./broadcast.ts";
import type { Deps } from "./context.ts";
import { createTask, completeTask, openTask } from "./tasks.ts";
import { starterTasks } from "./starter-tasks.ts";
import { formatUsdt, usdt } from "./money.ts";
import { getUser, registerUser, setReachable } from "./users.ts";
import { setWallet, toChecksumAddress } from "./wallet.ts";
import { approveWithdrawal, markWithdrawalPaid, rejectWithdrawal, requestWithdrawal } from "./withdrawals.ts";

const DAY = 86_400_000;
const names = [
  "Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan", "Judy",
  "Mallory", "Niaj", "Olivia", "Peggy", "Rupert", "Sybil", "Trent", "Victor", "Walter", "Yusuf",
  "Amara", "Bilal", "Chen", "Dmitri", "Elif", "Fatima", "Goran", "Hana", "Ines", "Jonas",
  "Kemal", "Lena", "Mateo", "Nadia", "Omar", "Priya", "Quinn", "Rosa", "Sanjay", "Tariq",
  "Uma", "Vera", "Wei", "Ximena", "Yara", "Zoltan", "Aylin", "Bruno", "Chiara", "Darius",
];
/** Who invited whom, by index into `names`: small trees, one referrer well ahead. */
const referrerOf: Record<number, number> = {
  ...Object.fromEntries([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((i) => [i, 0])),
  ...Object.fromEntries([13, 14, 15, 16, 17].map((i) => [i, 1])),
  ...Object.fromEntries([18, 19, 20, 21, 22, 23].map((i) => [i, 2])),
  ...Object.fromEntries([24, 25, 26].map((i) => [i, 13])),
};

/** A small deterministic generator, so every demo database looks the same. */
function random(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
}

export async function seedIfEmpty(deps: Deps): Promise<boolean> {
  const count = await deps.store.read((db) => db.users.count());
  if (count > 0) return false;
  await seed(deps);
  return true;
}

async function seed(real: Deps) {
  const rand = random(42);
  const end = real.clock().getTime();
  let now = end - 10 * DAY;
  // The demo's payouts carry made-up hashes: recorded as typed, never looked up on a chain. Its
  // users are made up too: no notice is queued for them.
  const deps: Deps = { ...real, clock: () => new Date(now), membership: { isMember: async () => true }, chain: undefined, tellsUsers: false };
  const admin = await deps.store.read((db) => db.admins.first());

  const daily = await createTask(deps, starterTasks.daily);
  const channel = await createTask(deps, starterTasks.channel);
  const follow = await createTask(deps, { kind: "link", title: "Follow us on X", description: "Follow our account for news and giveaways.", reward: usdt("0.3"), isActive: true, url: "https://x.com/refbot", waitSeconds: 30 });
  await createTask(deps, { kind: "custom", title: "Rate the bot", description: "Leave a rating in the bot directory.", reward: usdt("0.1"), isActive: false });

  // Everything happens in time order, as on a live server, so every list ordered by id (a
  // user's ledger, the withdrawals) is in date order too: each day's sign-ups and activity are
  // planned first, then run sorted by their moment.
  const joinedAt = names.map((_, i) => end - 10 * DAY + Math.floor((i / names.length) * 8 * DAY) + Math.floor(rand() * 3_600_000));
  const registered: { id: number; refCode: string; joinedAt: number }[] = [];
  for (let day = 0; day <= 10; day++) {
    const dayStart = end - (10 - day) * DAY;
    const events: { at: number; run: () => Promise<unknown> }[] = [];
    for (const [i, name] of names.entries()) {
      if (joinedAt[i]! < dayStart || joinedAt[i]! >= dayStart + DAY) continue;
      events.push({
        at: joinedAt[i]!,
        run: async () => {
          const referrer = referrerOf[i] === undefined ? undefined : registered[referrerOf[i]!]!.refCode;
          const { user } = await registerUser(deps, { tgId: 1_000_001 + i, firstName: name, lastName: i % 3 === 0 ? "Demo" : null, username: i % 7 === 6 ? null : `${name.toLowerCase()}_${i + 1}` }, referrer);
          registered[i] = { id: user.id, refCode: user.refCode, joinedAt: joinedAt[i]! };
        },
      });
    }
    // Activity for those who joined by midday, each at a moment of their own.
    for (const [i, joined] of joinedAt.entries()) {
      if (joined > dayStart + DAY / 2) continue;
      const at = Math.min(end - 60_000, Math.max(joined, dayStart) + Math.floor(rand() * 6 * 3_600_000));
      events.push({ at: Math.max(at, joined + 1), run: () => activity(i) });
    }
    for (const event of events.sort((a, b) => a.at - b.at)) {
      now = event.at;
      await event.run();
    }

    async function activity(i: number) {
      const u = registered[i]!;
      const user = await getUser(deps, u.id);
      const eager = i < 6 || i % 4 === 1;
      if (rand() < (eager ? 0.9 : 0.45)) await completeTask(deps, user, daily.id).catch(() => undefined);
      // Every fifth user never joins the channel, so some referrals stay pending.
      if (!user.channelJoined && i % 5 !== 3 && rand() < 0.5) await completeTask(deps, user, channel.id).catch(() => undefined);
      if (day === 10 - (i % 5) && rand() < 0.4) {
        await openTask(deps, user, follow.id);
        now += (follow.waitSeconds + 15) * 1000;
        await completeTask(deps, user, follow.id).catch(() => undefined);
      }
    }
  }

  if (!admin) return;
  // Campaign credits give some users enough for the withdrawal queue to show every status.
  const payouts = [
    ["pending", "25"], ["pending", "12.5"], ["pending", "40"], ["pending", "10"],
    ["approved", "18"], ["approved", "11.75"], ["paid", "30"], ["paid", "15"],
    ["rejected", "22"], ["rejected", "10"],
  ] as const;
  for (const [k, [status, amount]] of payouts.entries()) {
    const u = registered[k * 3 + 1]!;
    // After all the activity (whose last moment is a minute before the end), seconds apart.
    now = end - 60_000 + k * 4_000;
    await adjustBalance(deps, admin.id, u.id, formatUsdt(usdt(amount) + usdt("5")), "Launch campaign bonus");
    const address = toChecksumAddress(`0x${Array.from({ length: 40 }, () => "0123456789abcdef"[Math.floor(rand() * 16)]).join("")}`);
    const user = await setWallet(deps, await getUser(deps, u.id), address);
    const w = await requestWithdrawal(deps, user, amount);
    now += 1_000;
    if (status === "approved" || status === "paid") await approveWithdrawal(deps, admin.id, w.id);
    if (status === "paid") await markWithdrawalPaid(deps, admin.id, w.id, `0x${Array.from({ length: 64 }, () => "0123456789abcdef"[Math.floor(rand() * 16)]).join("")}`);
    if (status === "rejected") await rejectWithdrawal(deps, admin.id, w.id, k === 8 ? "Wallet address is on a sanctions list" : "Duplicate account");
  }

  // One suspended account and one that blocked the bot, as every live service has.
  await setBanned(deps, admin.id, registered[47]!.id, true, "Multiple accounts from one device");
  await setReachable(deps, 1_000_001 + 48, false);

  // One earlier broadcast, already delivered, so the progress list has history.
  now = end - 2 * DAY;
  await queueBroadcast(deps, admin.id, "*Welcome to RefBot!* Complete the daily task every day to keep your streak.");
  for (;;) {
    const { token, deliveries } = await claimBatch(deps, 500);
    if (deliveries.length === 0) break;
    for (const d of deliveries) await settleDelivery(deps, d.id, token, { ok: true });
  }
}

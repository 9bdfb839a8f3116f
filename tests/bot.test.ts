// The real grammY bot against a fake Bot API server on loopback.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "@/db/ops.ts";
import { broadcastDeliveries, referrals, users } from "@/db/sqlite/schema/index.ts";
import { queueBroadcast } from "@/domain/broadcast.ts";
import { usdt } from "@/domain/money.ts";
import { flushBroadcasts } from "@/bot/broadcast-flush.ts";
import { createBot, type RefBot } from "@/bot/create-bot.ts";
import { botApiMembershipChecker } from "@/bot/membership.ts";
import { startSender } from "@/bot/sender.ts";
import { noticeCounts } from "@/domain/notices.ts";
import { botApi } from "@/bot/telegram-api.ts";
import { startFakeTelegram, type FakeTelegram } from "./support/fake-telegram.ts";
import { makeTestApp, uniqueTgId, type SqliteTestApp } from "./support/app.ts";
import { captureLog } from "./support/logs.ts";
import { until } from "./support/until.ts";

const token = "123456:TEST-token";
const telegram = () => ({ apiRoot: tg.apiRoot, timeoutSeconds: 10 });
let tg: FakeTelegram;
let t: SqliteTestApp;
let bot: RefBot;
const logs = captureLog();

beforeEach(async () => {
  tg = startFakeTelegram();
  t = await makeTestApp({ BOT_TOKEN: token, TELEGRAM_API_ROOT: tg.apiRoot, MINIAPP_URL: "https://mini.example/app", CHANNEL_ID: "@refbot_channel" });
  bot = createBot(t.deps, { token, apiRoot: tg.apiRoot, log: logs.log });
  await bot.init();
});
afterEach(() => tg.stop());

const userByTgId = (tgId: number) => t.db.select().from(users).where(eq(users.tgId, tgId)).get();

describe("/start", () => {
  test("registers the user and answers with a welcome, the referral link and Open App", async () => {
    const tgId = uniqueTgId();
    await bot.handleUpdate(tg.message(tgId, "/start", { username: "newbie", last_name: "Doe" }));
    const user = userByTgId(tgId)!;
    expect(user).toMatchObject({ firstName: `User${tgId}`, lastName: "Doe", username: "newbie" });
    const [reply] = tg.sent(tgId);
    expect(reply!.body.text).toContain(`Welcome, User${tgId}!`);
    expect(reply!.body.text).toContain(`https://t.me/refbot_demo_bot?start=${user.refCode}`);
    expect(reply!.body.reply_markup.inline_keyboard[0][0]).toEqual({ text: "Open App", web_app: { url: "https://mini.example/app" } });
  });

  test("/start <refCode> binds the referrer once; a second /start changes nothing", async () => {
    const referrer = await t.makeUser();
    const other = await t.makeUser();
    const tgId = uniqueTgId();
    await bot.handleUpdate(tg.message(tgId, `/start ${referrer.refCode}`));
    await bot.handleUpdate(tg.message(tgId, `/start ${other.refCode}`));
    const user = userByTgId(tgId)!;
    expect(t.db.select().from(referrals).where(eq(referrals.referredId, user.id)).all()).toMatchObject([{ referrerId: referrer.id }]);
    expect(tg.sent(tgId)[1]!.body.text).toContain("Welcome back");
  });

  test("a user's own code binds nothing", async () => {
    const tgId = uniqueTgId();
    await bot.handleUpdate(tg.message(tgId, "/start"));
    const user = userByTgId(tgId)!;
    await bot.handleUpdate(tg.message(tgId, `/start ${user.refCode}`));
    expect(t.db.select().from(referrals).all()).toHaveLength(0);
  });

  test("banned users get one polite answer and nothing else", async () => {
    const user = await t.makeUser();
    await t.request("POST", `/api/admin/users/${user.id}/ban`, { headers: await t.adminHeaders(), body: { reason: "abuse" } });
    await bot.handleUpdate(tg.message(user.tgId, "/start"));
    expect(tg.sent(user.tgId).map((c) => c.body.text)).toEqual(["Your account is suspended. If you think this is a mistake, please contact support: https://t.me/refbot_support"]);
  });

  test("blocking the bot marks the user unreachable; writing again brings them back", async () => {
    const user = await t.makeUser();
    await bot.handleUpdate(tg.chatMember(user.tgId, "kicked"));
    expect(userByTgId(user.tgId)!.isActive).toBe(false);
    await bot.handleUpdate(tg.message(user.tgId, "hello"));
    expect(userByTgId(user.tgId)!.isActive).toBe(true);
    expect(tg.sent(user.tgId)[0]!.body.text).toContain("Press Open App");
  });
});

describe("channel membership", () => {
  test("follow_channel is paid only when getChatMember says member", async () => {
    t.deps.membership = botApiMembershipChecker(botApi(token, telegram()), "@refbot_channel");
    const user = await t.makeUser();
    const task = await t.makeTask({ kind: "follow_channel", reward: usdt("0.5") });
    const refused = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(user.tgId) });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("NOT_CHANNEL_MEMBER");
    tg.members.add(user.tgId);
    const paid = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: t.userHeaders(user.tgId) });
    expect(paid.body.reward).toBe("0.50");
    const checks = tg.calls.filter((c) => c.method === "getChatMember");
    expect(checks.map((c) => [c.body.chat_id, c.body.user_id])).toEqual([["@refbot_channel", user.tgId], ["@refbot_channel", user.tgId]]);
  });

  test("administrators, creators and restricted members count; restricted non-members, left and kicked do not", async () => {
    const check = botApiMembershipChecker(botApi(token, telegram()), "@refbot_channel");
    const cases: [Record<string, unknown>, boolean][] = [
      [{ status: "administrator" }, true],
      [{ status: "creator" }, true],
      [{ status: "restricted", is_member: true }, true],
      [{ status: "restricted", is_member: false }, false],
      [{ status: "left" }, false],
      [{ status: "kicked" }, false],
    ];
    for (const [i, [status, expected]] of cases.entries()) {
      tg.statuses.set(700 + i, status);
      expect(await check.isMember(700 + i)).toBe(expected);
    }
  });

  test("a user Telegram does not know is not a member; other errors are not taken for a no", async () => {
    const { log, lines } = captureLog();
    const check = botApiMembershipChecker(botApi(token, telegram()), "@refbot_channel", log);
    tg.failWhen((c) => (c.method === "getChatMember" && c.body.user_id === 801 ? { error_code: 400, description: "Bad Request: user not found" } : c.method === "getChatMember" ? { error_code: 400, description: "Bad Request: chat not found" } : undefined));
    expect(await check.isMember(801)).toBe(false);
    await expect(check.isMember(802)).rejects.toMatchObject({ code: "MEMBERSHIP_UNAVAILABLE", status: 503 });
    expect(lines()).toEqual([
      expect.objectContaining({ level: "warn", msg: "could not check channel membership", tgId: 802, channelId: "@refbot_channel", error: "Call to 'getChatMember' failed! (400: Bad Request: chat not found)" }),
    ]);
  });
});

describe("broadcast delivery", () => {
  const options = { batchSize: 28, gapMs: 0 };

  test("sends with Markdown; users who blocked the bot are marked and left out of later broadcasts", async () => {
    const people = await t.makeUsers(5);
    const blocked = new Set([people[1]!.tgId, people[3]!.tgId]);
    tg.failWhen((c) => (c.method === "sendMessage" && blocked.has(Number(c.body.chat_id)) ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined));
    await queueBroadcast(t.deps, t.admin.id, "*Hello* everyone");
    const report = await flushBroadcasts(t.deps, bot.api, options);
    expect(report).toMatchObject({ claimed: 5, sent: 3, blocked: 2, failed: 0 });
    expect(tg.sent()[0]!.body).toMatchObject({ text: "*Hello* everyone", parse_mode: "Markdown" });
    for (const tgId of blocked) expect(userByTgId(tgId)!.isActive).toBe(false);
    expect((await queueBroadcast(t.deps, t.admin.id, "Second message")).total).toBe(3);
  });

  test("a 429 stops the batch, honours retry_after, and the rest goes out next time", async () => {
    for (let i = 0; i < 6; i++) await t.makeUser();
    let sends = 0;
    tg.failWhen((c) => (c.method === "sendMessage" && ++sends === 3 ? { error_code: 429, description: "Too Many Requests: retry after 7", parameters: { retry_after: 7 } } : undefined));
    await queueBroadcast(t.deps, t.admin.id, "Weekly news");
    // Flushes send through a client of their own (bot/run.ts): the bot's replies wait out a 429, a flush does not.
    const own = botApi(token, telegram());
    const first = await flushBroadcasts(t.deps, own, options);
    expect(first).toMatchObject({ claimed: 6, sent: 2, stoppedByRateLimit: true, retryAfterSeconds: 7 });
    const pending = t.db.select().from(broadcastDeliveries).where(eq(broadcastDeliveries.status, "pending")).all();
    expect(pending).toHaveLength(4);
    expect(pending.every((d) => d.attempts === 0)).toBe(true);
    const second = await flushBroadcasts(t.deps, own, options);
    expect(second).toMatchObject({ claimed: 4, sent: 4 });
    expect(new Set(tg.sent().filter((c) => c.body.text === "Weekly news").map((c) => c.body.chat_id)).size).toBe(6);
  });

  test("a message refused for another reason than its text is retried up to 3 attempts, then failed; one refused for its text fails at once", async () => {
    await t.makeUser();
    tg.failWhen((c) => (c.method === "sendMessage" ? { error_code: 400, description: "Bad Request: not enough rights to send text messages to the chat" } : undefined));
    await queueBroadcast(t.deps, t.admin.id, "Retry me please");
    const outcomes = [];
    for (let i = 0; i < 4; i++) outcomes.push((await flushBroadcasts(t.deps, bot.api, options)).results.map((r) => r.outcome));
    expect(outcomes).toEqual([["retry"], ["retry"], ["failed"], []]);

    tg.failWhen((c) => (c.method === "sendMessage" ? { error_code: 400, description: "Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 3" } : undefined));
    await queueBroadcast(t.deps, t.admin.id, "Refused at once");
    expect((await flushBroadcasts(t.deps, bot.api, options)).results.map((r) => r.outcome)).toEqual(["failed"]);
    expect((await flushBroadcasts(t.deps, bot.api, options)).claimed).toBe(0);
  });

  test("two flushes at once never send the same delivery", async () => {
    for (let i = 0; i < 20; i++) await t.makeUser();
    await queueBroadcast(t.deps, t.admin.id, "Only once each");
    const [a, b] = await Promise.all([flushBroadcasts(t.deps, bot.api, { batchSize: 12, gapMs: 5 }), flushBroadcasts(t.deps, bot.api, { batchSize: 12, gapMs: 5 })]);
    expect(a.sent + b.sent).toBe(20);
    const chats = tg.sent().map((c) => c.body.chat_id);
    expect(new Set(chats).size).toBe(chats.length);
  });
});

describe("notifications", () => {
  test("withdrawal notices reach the user through the queue; one the user blocked is skipped and never fails the admin action", async () => {
    const sender = startSender(t.deps, botApi(token, telegram()), { leaseMs: 15_000, idleMs: 20 });
    try {
      const user = await t.makeUser();
      const headers = await t.adminHeaders();
      await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers, body: { amount: "30", reason: "test" } });
      await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" } });
      const w1 = (await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "10" } })).body;
      await t.request("PATCH", `/api/admin/withdrawals/${w1.id}/approve`, { headers });
      await t.request("PATCH", `/api/admin/withdrawals/${w1.id}/paid`, { headers, body: { txHash: `0x${"cd".repeat(32)}` } });
      const w2 = (await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "10" } })).body;
      tg.failWhen((c) => (c.method === "sendMessage" && String(c.body.text).includes("rejected") ? { error_code: 403, description: "Forbidden: bot was blocked by the user" } : undefined));
      const rejected = await t.request("PATCH", `/api/admin/withdrawals/${w2.id}/reject`, { headers, body: { reason: "Duplicate" } });
      expect(rejected.status).toBe(200);
      // All three settled: a chat's second notice waits a second (one message a second per chat).
      await until("every notice settled", async () => {
        const counts = await noticeCounts(t.deps);
        return counts.sent === 2 && counts.skipped === 1;
      }, 10_000);
      const texts = tg.sent(user.tgId).map((c) => c.body.text);
      expect(texts[0]).toBe("✅ Your withdrawal of 10.00 USDT was approved and will be paid shortly.");
      expect(texts[1]).toContain(`https://bscscan.com/tx/0x${"cd".repeat(32)}`);
      expect(texts[2]).toContain("rejected: Duplicate");
      expect(await noticeCounts(t.deps)).toEqual({ sent: 2, skipped: 1 });
      expect(userByTgId(user.tgId)!.isActive).toBe(false);
    } finally {
      await sender.stop();
    }
  });
});

describe("languages", () => {
  const start = async (languageCode: string) => {
    const tgId = uniqueTgId();
    await bot.handleUpdate(tg.message(tgId, "/start", { language_code: languageCode }));
    const [reply] = tg.sent(tgId);
    return { tgId, text: reply!.body.text as string, button: reply!.body.reply_markup.inline_keyboard[0][0].text as string };
  };

  test("/start answers in Telegram's language: Russian, Spanish, and English for one we do not speak", async () => {
    const ru = await start("ru");
    expect(ru.text).toStartWith(`Добро пожаловать, User${ru.tgId}! 👋`);
    expect(ru.text).toContain("Ваша реферальная ссылка: https://t.me/refbot_demo_bot?start=");
    expect(ru.button).toBe("Открыть приложение");
    const es = await start("es-419");
    expect(es.text).toStartWith(`¡Te damos la bienvenida, User${es.tgId}! 👋`);
    expect(es.button).toBe("Abrir app");
    const xx = await start("xx");
    expect(xx.text).toStartWith(`Welcome, User${xx.tgId}! 👋`);
    expect(xx.button).toBe("Open App");
    expect(userByTgId(ru.tgId)).toMatchObject({ tgLanguage: "ru", language: null });
    expect(userByTgId(es.tgId)).toMatchObject({ tgLanguage: "es-419" });
  });

  test("what Telegram says of a known user is kept current, written only when it changed", async () => {
    const tgId = uniqueTgId();
    await bot.handleUpdate(tg.message(tgId, "/start", { language_code: "en" }));
    expect(userByTgId(tgId)).toMatchObject({ tgLanguage: "en", isPremium: false });
    // The app's own connection: every row it writes counts here.
    const changes = () => (t.db.$client.query("select total_changes() as n").get() as { n: number }).n;
    const before = changes();
    await bot.handleUpdate(tg.message(tgId, "hello", { language_code: "en" }));
    expect(changes() - before).toBe(0);
    await bot.handleUpdate(tg.message(tgId, "привет", { language_code: "ru", is_premium: true }));
    expect(userByTgId(tgId)).toMatchObject({ tgLanguage: "ru", isPremium: true });
    expect(tg.sent(tgId).at(-1)!.body.text).toBe("Нажмите «Открыть приложение», чтобы увидеть баланс, задания, рефералов и кошелёк.");
  });

  test("the choice made in the mini app wins over Telegram's language, for replies and notices", async () => {
    const sender = startSender(t.deps, botApi(token, telegram()), { leaseMs: 15_000, idleMs: 20 });
    const user = await t.makeUser();
    const headers = t.initDataFor({ tgId: user.tgId, languageCode: "en" });
    const chose = await t.request("PUT", "/api/me/language", { headers: { "x-telegram-init-data": headers }, body: { language: "es" } });
    expect(chose.body).toEqual({ language: "es" });

    const admin = await t.adminHeaders();
    await t.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: admin, body: { amount: "1234.5", reason: "test" } });
    await t.request("POST", "/api/me/wallet", { headers: t.userHeaders(user.tgId), body: { address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed" } });
    const w = (await t.request("POST", "/api/me/withdraw", { headers: t.userHeaders(user.tgId), body: { amount: "1200" } })).body;
    await t.request("PATCH", `/api/admin/withdrawals/${w.id}/approve`, { headers: admin });
    await until("the notice sent", () => tg.sent(user.tgId).length > 0, 10_000);
    await sender.stop();
    expect(tg.sent(user.tgId).map((c) => c.body.text)).toEqual(["✅ Tu retiro de 1200,00 USDT fue aprobado y se pagará en breve."]);

    await bot.handleUpdate(tg.message(user.tgId, "/start", { language_code: "ru" }));
    expect(tg.sent(user.tgId).at(-1)!.body.text).toBe(`¡Hola de nuevo, User${user.tgId}! Toca Abrir app para continuar.`);
  });

  test("broadcasts go out in each user's language where there is a text for it, the default otherwise", async () => {
    const [ru, es, de, chose] = await t.makeUsers(4);
    const admin = await t.adminHeaders();
    for (const [u, code] of [[ru!, "ru"], [es!, "es-ES"], [de!, "de"], [chose!, "ru"]] as const) {
      await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: u.tgId, languageCode: code }) } });
    }
    await t.request("PUT", "/api/me/language", { headers: t.userHeaders(chose!.tgId), body: { language: "en" } });
    const queued = await t.request("POST", "/api/admin/broadcast", { headers: admin, body: { message: "*News* for everyone", texts: { ru: "*Новости* для всех" } } });
    expect(queued.status).toBe(201);
    await flushBroadcasts(t.deps, bot.api, { batchSize: 28, gapMs: 0 });
    const got = (tgId: number) => tg.sent(tgId).map((c) => c.body.text);
    expect([got(ru!.tgId), got(es!.tgId), got(de!.tgId), got(chose!.tgId)]).toEqual([["*Новости* для всех"], ["*News* for everyone"], ["*News* for everyone"], ["*News* for everyone"]]);
  });
});

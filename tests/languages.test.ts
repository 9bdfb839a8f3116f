// Languages through the API, on both engines: the language a user reads (chosen in the mini app,
// else Telegram's), what the init data says of them, error messages in their language with the
// code unchanged, the admin API in English, and broadcasts with a text per language.
import { describe, expect } from "bun:test";
import { say } from "@/domain/i18n/bot.ts";
import type { Statements } from "@/domain/store.ts";
import { forEachAppEngine, type TestApp } from "./support/app.ts";

const wallet = "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed";

await forEachAppEngine(import.meta.path, ({ test, beforeEach, makeTestApp }) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeTestApp();
  });

  /** Headers of the mini app opened by `tgId` from a Telegram set to `languageCode`. */
  const speaking = (tgId: number, languageCode?: string, isPremium?: boolean) => ({ "x-telegram-init-data": t.initDataFor({ tgId, languageCode, isPremium }) });
  const me = async (headers: Record<string, string>) => (await t.request("GET", "/api/me", { headers })).body;

  describe("the user's language", () => {
    test("follows Telegram's language code until the user chooses one; the choice is kept", async () => {
      const user = await t.makeUser();
      expect((await me(speaking(user.tgId))).language).toBe("en");
      expect((await me(speaking(user.tgId, "ru"))).language).toBe("ru");
      expect((await me(speaking(user.tgId, "pt-br"))).language).toBe("en");

      const chose = await t.request("PUT", "/api/me/language", { headers: speaking(user.tgId, "ru"), body: { language: "es" } });
      expect(chose).toEqual({ status: 200, body: { language: "es" } });
      expect((await me(speaking(user.tgId, "ru"))).language).toBe("es");
      expect(await t.userRow(user.id)).toMatchObject({ language: "es", tgLanguage: "ru" });
    });

    test("a language we do not speak is refused, and nothing changes", async () => {
      const user = await t.makeUser();
      for (const language of ["de", "", null, "EN"]) {
        const res = await t.request("PUT", "/api/me/language", { headers: speaking(user.tgId), body: { language } });
        expect({ status: res.status, code: res.body.code }).toEqual({ status: 400, code: "VALIDATION_FAILED" });
      }
      expect((await t.userRow(user.id)).language).toBeNull();
    });

    test("what the init data says of the user is recorded, and written only when it changed", async () => {
      const user = await t.makeUser();
      await me(speaking(user.tgId, "es-419", true));
      expect(await t.userRow(user.id)).toMatchObject({ tgLanguage: "es-419", isPremium: true });
      const writes = profileWrites(t);
      await me(speaking(user.tgId, "es-419", true));
      // A client that sends no language_code leaves the last one seen.
      await me(speaking(user.tgId, undefined, true));
      expect(await t.userRow(user.id)).toMatchObject({ tgLanguage: "es-419" });
      expect(writes).toEqual([]);
      await me(speaking(user.tgId, "ru"));
      expect(await t.userRow(user.id)).toMatchObject({ tgLanguage: "ru", isPremium: false });
      expect(writes).toEqual([user.id]);
    });
  });

  describe("error messages", () => {
    test("a user route answers in the user's language with the same code and status", async () => {
      const user = await t.makeUser();
      const english = await t.request("POST", "/api/me/withdraw", { headers: speaking(user.tgId, "en"), body: { amount: "5" } });
      const russian = await t.request("POST", "/api/me/withdraw", { headers: speaking(user.tgId, "ru"), body: { amount: "5" } });
      const spanish = await t.request("POST", "/api/me/withdraw", { headers: speaking(user.tgId, "es"), body: { amount: "5" } });
      expect(english).toEqual({ status: 400, body: { code: "BELOW_MINIMUM", message: "Minimum withdrawal amount is 10 USDT", field: "amount" } });
      expect(russian).toEqual({ status: 400, body: { code: "BELOW_MINIMUM", message: "Минимальная сумма вывода — 10 USDT", field: "amount" } });
      expect(spanish).toEqual({ status: 400, body: { code: "BELOW_MINIMUM", message: "El monto mínimo de retiro es 10 USDT", field: "amount" } });
    });

    test("the user's choice wins over Telegram's language; plurals and variants follow the language", async () => {
      const user = await t.makeUser();
      await t.request("PUT", "/api/me/language", { headers: speaking(user.tgId, "en"), body: { language: "ru" } });
      const task = await t.makeTask({ kind: "link", url: "https://example.com/offer", waitSeconds: 22 });
      await t.request("POST", `/api/tasks/${task.id}/open`, { headers: speaking(user.tgId, "en") });
      const early = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: speaking(user.tgId, "en") });
      expect(early.body).toEqual({ code: "TASK_WAIT", message: "Подождите ещё 22 секунды, затем заберите награду", secondsLeft: 22 });

      const daily = await t.makeTask();
      await t.request("POST", `/api/tasks/${daily.id}/complete`, { headers: speaking(user.tgId) });
      const again = await t.request("POST", `/api/tasks/${daily.id}/complete`, { headers: speaking(user.tgId) });
      expect(again).toEqual({ status: 409, body: { code: "ALREADY_COMPLETED", message: "Сегодня это задание уже выполнено" } });

      const checksum = await t.request("POST", "/api/me/wallet", { headers: speaking(user.tgId), body: { address: wallet.replace("a", "A") } });
      expect(checksum.body).toMatchObject({ code: "INVALID_ADDRESS", message: "Контрольная сумма адреса не совпадает: скопируйте его из кошелька ещё раз" });
      const malformed = await t.request("POST", "/api/me/withdraw", { headers: speaking(user.tgId), body: { amount: "1.234" } });
      expect(malformed.body).toMatchObject({ code: "INVALID_AMOUNT", message: "Введите корректную сумму, например 10.50", field: "amount" });
    });

    test("before any sign-in the init data's language is used: an expired link, a bad body, an unknown route", async () => {
      const user = await t.makeUser();
      const old = Math.floor(t.now().getTime() / 1000) - 2 * 86_400;
      const expired = await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: user.tgId, languageCode: "es" }, undefined, old) } });
      expect(expired).toEqual({ status: 401, body: { code: "UNAUTHORIZED", message: "Este enlace caducó: vuelve a abrir la app desde el bot" } });
      const invalid = await t.request("POST", "/api/me/wallet", { headers: speaking(user.tgId, "ru"), body: { address: 42 } });
      expect(invalid.body).toEqual({ code: "VALIDATION_FAILED", message: "Проверьте введённые данные" });
      const nowhere = await t.request("GET", "/api/me/nowhere", { headers: speaking(user.tgId, "ru") });
      expect(nowhere).toEqual({ status: 404, body: { code: "NOT_FOUND", message: "Такого адреса API нет" } });
    });

    test("English is the domain's own wording, which the English catalogue holds word for word", async () => {
      const user = await t.makeUser();
      const task = await t.makeTask({ kind: "link", url: "https://example.com/offer", waitSeconds: 1 });
      await t.request("POST", `/api/tasks/${task.id}/open`, { headers: speaking(user.tgId) });
      const wait = await t.request("POST", `/api/tasks/${task.id}/complete`, { headers: speaking(user.tgId) });
      expect(wait.body.message).toBe(say("en", "error.TASK_WAIT", { secondsLeft: 1 }));
      const old = Math.floor(t.now().getTime() / 1000) - 2 * 86_400;
      const expired = await t.request("GET", "/api/me", { headers: { "x-telegram-init-data": t.initDataFor({ tgId: user.tgId }, undefined, old) } });
      expect(expired.body.message).toBe(say("en", "error.UNAUTHORIZED.expired"));
      const below = await t.request("POST", "/api/me/withdraw", { headers: speaking(user.tgId), body: { amount: "5" } });
      expect(below.body.message).toBe(say("en", "error.BELOW_MINIMUM", { minimum: "10" }));
      const checksum = await t.request("POST", "/api/me/wallet", { headers: speaking(user.tgId), body: { address: wallet.replace("a", "A") } });
      expect(checksum.body.message).toBe(say("en", "error.INVALID_ADDRESS.checksum"));
    });

    test("the admin API stays English, whatever the request says of a language", async () => {
      const headers = { ...(await t.adminHeaders()), ...speaking(12345, "ru") };
      const short = await t.request("POST", "/api/admin/broadcast", { headers, body: { message: "abc" } });
      expect(short.body).toEqual({ code: "VALIDATION_FAILED", message: "message: Message must be at least 5 characters long", field: "message" });
      const missing = await t.request("GET", "/api/admin/users/999999", { headers });
      expect(missing.body).toMatchObject({ code: "NOT_FOUND", message: "User 999999 not found" });
      const signedOut = await t.request("GET", "/api/admin/stats", { headers: speaking(12345, "es") });
      expect(signedOut.body.message).toBe("Sign in first: no admin token was sent");
    });
  });

  describe("broadcasts per language", () => {
    test("the texts are stored beside the message; the audience counts reachable users by language", async () => {
      const admin = await t.adminHeaders();
      const [a, b, c, d, banned] = await t.makeUsers(5);
      await me(speaking(a!.tgId, "ru"));
      await me(speaking(b!.tgId, "es-AR"));
      await me(speaking(c!.tgId, "ru"));
      await t.request("PUT", "/api/me/language", { headers: speaking(c!.tgId, "ru"), body: { language: "en" } });
      await me(speaking(d!.tgId, "de"));
      await me(speaking(banned!.tgId, "ru"));
      await t.request("POST", `/api/admin/users/${banned!.id}/ban`, { headers: admin, body: { reason: "spam" } });

      const audience = await t.request("GET", "/api/admin/broadcast/audience", { headers: admin });
      expect(audience).toMatchObject({ status: 200, body: { total: 4, byLanguage: { en: 2, ru: 1, es: 1 } } });

      const queued = await t.request("POST", "/api/admin/broadcast", { headers: admin, body: { message: "News for all", texts: { ru: " Новости для всех ", es: "" } } });
      expect(queued.status).toBe(201);
      expect(queued.body).toMatchObject({ queuedCount: 4, broadcast: { message: "News for all", texts: { ru: "Новости для всех" } } });
      const [row] = await t.rows("broadcasts");
      expect(row!.texts).toEqual({ ru: "Новости для всех" });
      expect((await t.request("GET", "/api/admin/broadcasts", { headers: admin })).body[0].texts).toEqual({ ru: "Новости для всех" });
    });

    test("each text is checked as the message is; a language we do not speak is refused; nothing is queued", async () => {
      const admin = await t.adminHeaders();
      await t.makeUser();
      const queue = (texts: unknown) => t.request("POST", "/api/admin/broadcast", { headers: admin, body: { message: "Hello everyone", texts } });
      expect((await queue({ ru: "abc" })).body).toEqual({ code: "VALIDATION_FAILED", message: "texts.ru: Message must be at least 5 characters long", field: "texts.ru" });
      expect((await queue({ es: "x".repeat(4001) })).body).toMatchObject({ code: "VALIDATION_FAILED", field: "texts.es" });
      for (const texts of [{ de: "Hallo zusammen" }, { en: "Hello again" }, "Привет всем", { ru: 5 }]) {
        expect(await queue(texts)).toMatchObject({ status: 400, body: { code: "VALIDATION_FAILED" } });
      }
      expect(await t.rows("broadcasts")).toEqual([]);
    });
  });
});

/** The ids whose profile the app writes from now on, seen at the statement, so on both engines. */
function profileWrites(t: TestApp): number[] {
  const writes: number[] = [];
  const store = t.deps.store;
  const spied = (tx: Statements): Statements => ({ ...tx, users: { ...tx.users, setProfile: (id, profile) => (writes.push(id), tx.users.setProfile(id, profile)) } });
  t.deps.store = { ...store, transaction: (program, options) => store.transaction((tx) => program(spied(tx)), options) };
  return writes;
}

// Credentials dated ahead of the server's clock: launch data from a phone whose clock is a little
// fast still opens the mini app, launch data from further ahead is refused as dated in the future,
// and an admin token whose nbf has not come yet is told so rather than "expired".
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SignJWT } from "jose";
import { demoInitDataToken } from "@/api/app.ts";
import { initDataKey, signInitData } from "@/domain/init-data.ts";
import { jwtSecret, makeTestApp, uniqueTgId, type TestApp } from "./support/app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("launch data dated ahead of the server", () => {
  const key = initDataKey(demoInitDataToken(jwtSecret));
  const launch = (secondsAhead: number, languageCode?: string) => {
    const authDate = Math.floor(t.now().getTime() / 1000) + secondsAhead;
    return { "x-telegram-init-data": signInitData({ user: { id: uniqueTgId(), first_name: "Ann", language_code: languageCode }, authDate }, key) };
  };

  test("30 s ahead (a phone's clock running fast) is accepted", async () => {
    const res = await t.request("GET", "/api/me", { headers: launch(30) });
    expect(res.status).toBe(200);
    expect(res.body.firstName).toBe("Ann");
  });

  test("2 minutes ahead is refused with the stale link's code, saying it is dated in the future, and registers nobody", async () => {
    const before = await t.rows("users");
    const res = await t.request("GET", "/api/me", { headers: launch(120) });
    expect(res).toEqual({
      status: 401,
      body: { code: "UNAUTHORIZED", message: "This link is dated in the future: check the date and time on your device, then reopen the app from the bot" },
    });
    const russian = await t.request("GET", "/api/me", { headers: launch(120, "ru") });
    expect(russian.status).toBe(401);
    expect(russian.body.message).toBe("Ссылка датирована будущим временем: проверьте дату и время на устройстве и откройте приложение из бота заново");
    expect(await t.rows("users")).toEqual(before);
  });

  test("the same launch data is refused while it is ahead and accepted once the server's clock has caught up", async () => {
    const headers = launch(120);
    expect((await t.request("GET", "/api/me", { headers })).status).toBe(401);
    t.setNow(new Date(t.now().getTime() + 90_000));
    expect((await t.request("GET", "/api/me", { headers })).status).toBe(200);
  });
});

describe("an admin token whose nbf lies ahead", () => {
  const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(jwtSecret));
  const seconds = () => Math.floor(t.now().getTime() / 1000);

  test("is refused as not valid yet, with the code an expired token gets", async () => {
    const token = await sign({ sub: String(t.admin.id), ver: 0, nbf: seconds() + 600, exp: seconds() + 3600 });
    const res = await t.request("GET", "/api/admin/me", { headers: { authorization: `Bearer ${token}` } });
    expect(res).toEqual({
      status: 401,
      body: { code: "UNAUTHORIZED", message: "This admin token is not valid yet (its nbf lies in the future): check the signing machine's clock, or sign in again" },
    });
  });

  test("works once its nbf has come; an expired one is still told it expired", async () => {
    const token = await sign({ sub: String(t.admin.id), ver: 0, nbf: seconds() - 1, exp: seconds() + 3600 });
    expect((await t.request("GET", "/api/admin/me", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    const expired = await sign({ sub: String(t.admin.id), ver: 0, exp: seconds() - 10 });
    const res = await t.request("GET", "/api/admin/me", { headers: { authorization: `Bearer ${expired}` } });
    expect(res.body).toEqual({ code: "UNAUTHORIZED", message: "Your session has expired: sign in again" });
  });
});

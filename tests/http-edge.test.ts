// The HTTP edge in-process: security headers on every answer, request bodies too large or too
// deep, compression of large JSON answers, and how the built web files are served (which copy,
// which type, which cache rule). The browser and the real server check the same in
// tests/e2e/web-delivery.test.ts and tests/server-edge.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { Elysia } from "elysia";
import { maxApiBodyBytes } from "@/api/plugins/body-limits.ts";
import { compressAboveBytes } from "@/api/plugins/compress-json.ts";
import { securityHeadersPlugin, telegramWebOrigins } from "@/api/plugins/security-headers.ts";
import { webRoutes } from "@/api/web.ts";
import { precompressFile } from "@/web/precompress.ts";
import { makeTestApp, uniqueTgId, type SqliteTestApp } from "./support/app.ts";

let t: SqliteTestApp;
beforeAll(async () => {
  t = await makeTestApp();
});

/** What every answer carries; `policy` is the Content-Security-Policy expected. */
function expectSecurityHeaders(res: Response, policy: "none" | "admin page" | "mini app page") {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  if (policy === "none") {
    // Not a page: it may load nothing and be framed by nobody.
    expect(csp).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    return;
  }
  for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'none'"]) expect(csp).toContain(directive);
  expect(csp).not.toContain("unsafe");
  if (policy === "admin page") {
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  } else {
    expect(csp).toContain(`frame-ancestors ${telegramWebOrigins.join(" ")}`);
    expect(res.headers.get("x-frame-options")).toBeNull();
  }
}

describe("security headers", () => {
  test("are on every API answer: success, refusal, unknown route, bad JSON", async () => {
    const answers = [
      await t.send("GET", "/api/health"),
      await t.send("GET", "/api/me"),
      await t.send("GET", "/api/no-such-route"),
      await t.send("POST", "/api/auth/login", { raw: "{not json" }),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 401, 404, 400]);
    for (const res of answers) expectSecurityHeaders(res, "none");
    // The refusals still say what went wrong (a hook that maps answers must not blank them).
    const bodies = await Promise.all(answers.slice(1).map((r) => r.json() as Promise<{ code: string }>));
    expect(bodies.map((b) => b.code)).toEqual(["UNAUTHORIZED", "NOT_FOUND", "INVALID_JSON"]);
  });
});

describe("request bodies", () => {
  const deeplyNested = "[".repeat(100_000) + "]".repeat(100_000);

  test("100 000 nested arrays answer 400 naming the body, quickly, with nothing logged as a crash", async () => {
    const targets: [string, Record<string, string>][] = [
      ["/api/auth/login", {}],
      ["/api/me/wallet", t.userHeaders(uniqueTgId())],
      ["/api/me/withdraw", t.userHeaders(uniqueTgId())],
      ["/api/admin/broadcast", await t.adminHeaders()],
      ["/api/admin/tasks", await t.adminHeaders()],
    ];
    for (const [path, headers] of targets) {
      const started = performance.now();
      const res = await t.request("POST", path, { raw: deeplyNested, headers });
      expect({ path, status: res.status, body: res.body }).toEqual({
        path,
        status: 400,
        body: { code: "VALIDATION_FAILED", message: "body: nested more than 32 levels deep", field: "body" },
      });
      expect(performance.now() - started).toBeLessThan(1000);
    }
    expect(t.logs.lines().filter((line) => line.level === "error" || line.level === "fatal")).toEqual([]);
  });

  test("a declared length over 64 KB answers 413", async () => {
    const size = maxApiBodyBytes + 1;
    const res = await t.send("POST", "/api/admin/broadcast", {
      raw: JSON.stringify({ message: "x".repeat(size) }),
      headers: { ...(await t.adminHeaders()), "content-length": String(size + 14) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than the 64 KB an API call may send", requestId: res.headers.get("x-request-id") });
    expectSecurityHeaders(res, "none");
  });

  test("the largest legitimate body, a 4 000-character broadcast of emoji, is well under the limit", async () => {
    const message = "🎉".repeat(2000); // 4 000 UTF-16 characters, 8 000 bytes of UTF-8
    const raw = JSON.stringify({ message });
    const res = await t.request("POST", "/api/admin/broadcast", {
      raw,
      headers: { ...(await t.adminHeaders()), "content-length": String(Buffer.byteLength(raw)) },
    });
    expect(res.status).toBe(201);
  });

  test("malformed JSON and a body of the wrong type are 400s", async () => {
    const headers = await t.adminHeaders();
    expect((await t.request("POST", "/api/admin/broadcast", { raw: '{"message": "hi', headers })).body.code).toBe("INVALID_JSON");
    expect((await t.request("POST", "/api/admin/broadcast", { raw: "[]", headers })).status).toBe(400);
    expect((await t.request("POST", "/api/admin/broadcast", { raw: "hello", headers: { ...headers, "content-type": "text/plain" } })).status).toBe(400);
  });
});

describe("JSON answers", () => {
  let admin: Record<string, string>;
  beforeAll(async () => {
    admin = await t.adminHeaders();
    for (let i = 0; i < 30; i++) await t.makeUser({ firstName: `Compressible ${i}` });
  });
  const usersList = (acceptEncoding?: string) =>
    t.send("GET", "/api/admin/users?limit=50", { headers: { ...admin, ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) } });

  test("a large answer goes out in the coding the client prefers, the same JSON once decoded", async () => {
    const plain = await usersList();
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(compressAboveBytes);

    const br = await usersList("gzip, deflate, br, zstd");
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toBe("Accept-Encoding");
    expect(br.headers.get("content-type")).toStartWith("application/json");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(text.length / 3);
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);

    const gzip = await usersList("br;q=0, gzip");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(text);

    for (const refused of ["identity", "br;q=0, gzip;q=0", "*;q=0"]) {
      const res = await usersList(refused);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(await res.text()).toBe(text);
    }
  });

  test("a large answer a route keeps (the task list) is compressed once: the same bytes each time, the same JSON decoded", async () => {
    const own = await makeTestApp();
    for (let i = 0; i < 8; i++) await own.makeTask({ title: `Compressible task ${i}` });
    const user = await own.makeUser();
    const list = (acceptEncoding?: string) =>
      own.send("GET", "/api/tasks/active", { headers: { ...own.userHeaders(user.tgId), ...(acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding }) } });
    const plain = await list();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(compressAboveBytes);
    expect(plain.headers.get("content-type")).toStartWith("application/json");
    const first = await list("gzip, deflate, br");
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    expect(first.headers.get("content-type")).toStartWith("application/json");
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(brotliDecompressSync(bytes).toString()).toBe(text);
    expect(Buffer.from(await (await list("gzip, deflate, br")).arrayBuffer())).toEqual(bytes);
    expect(gunzipSync(Buffer.from(await (await list("gzip")).arrayBuffer())).toString()).toBe(text);
    await own.close();
  });

  test("small answers, the hot ones among them, go out as they are", async () => {
    const headers = { ...t.userHeaders(uniqueTgId()), "accept-encoding": "gzip, deflate, br" };
    for (const path of ["/api/me", "/api/tasks/active", "/api/config"]) {
      const res = await t.send("GET", path, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBeNull();
      expect(res.headers.get("content-type")).toStartWith("application/json");
      const body = await res.text();
      expect(body.length).toBeLessThan(compressAboveBytes);
      JSON.parse(body);
    }
  });
});

describe("web files", () => {
  let dist: string;
  let web: { handle: (request: Request) => Promise<Response> };
  const get = (path: string, acceptEncoding = "gzip, deflate, br, zstd") =>
    web.handle(new Request(`http://localhost${path}`, { headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} }));
  const script = `export const greeting = ${JSON.stringify("hello, phone ".repeat(200))};\n`;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), "refbot-web-"));
    const write = (path: string, text: string, precompress = true) => {
      mkdirSync(join(dist, path, ".."), { recursive: true });
      writeFileSync(join(dist, path), text);
      if (precompress) precompressFile(join(dist, path));
    };
    const page = (title: string) => `<!doctype html><html><head><title>${title}</title></head><body>${"<div></div>".repeat(50)}</body></html>`;
    write("admin/index.html", page("admin"));
    write("app/index.html", page("app"));
    write("assets/app-Ab12Cd.js", script);
    write("assets/plain-Ef34Gh.js", script, false);
    write("favicon.svg", `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${'<rect width="32" height="32"/>'.repeat(10)}</svg>`);
    // Only a gzip copy, as when brotli would not have been smaller.
    write("assets/gz-only-Ij56Kl.css", `.a{color:red}\n`.repeat(100), false);
    writeFileSync(join(dist, "assets/gz-only-Ij56Kl.css.gz"), Bun.gzipSync(`.a{color:red}\n`.repeat(100)));
    web = new Elysia().use(securityHeadersPlugin).use(webRoutes(dist));
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  test("a hashed script: brotli copy, its own type, cached for good", async () => {
    const res = await get("/assets/app-Ab12Cd.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(res.headers.get("content-type")).toStartWith("text/javascript");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("vary")).toBe("Accept-Encoding");
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(script);
  });

  test("gzip when brotli is refused or missing, the file itself when nothing is taken", async () => {
    const gzip = await get("/assets/app-Ab12Cd.js", "gzip, br;q=0");
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(script);
    const gzOnly = await get("/assets/gz-only-Ij56Kl.css");
    expect(gzOnly.headers.get("content-encoding")).toBe("gzip");
    expect(gzOnly.headers.get("content-type")).toStartWith("text/css");
    for (const header of ["", "identity", "br;q=0, gzip;q=0"]) {
      const plain = await get("/assets/app-Ab12Cd.js", header);
      expect(plain.headers.get("content-encoding")).toBeNull();
      expect(plain.headers.get("vary")).toBe("Accept-Encoding");
      expect(await plain.text()).toBe(script);
    }
    const uncompressed = await get("/assets/plain-Ef34Gh.js");
    expect(uncompressed.headers.get("content-encoding")).toBeNull();
    expect(uncompressed.headers.get("vary")).toBeNull();
  });

  test("pages are compressed and asked for again on every launch; the icon is cached a day", async () => {
    for (const path of ["/", "/admin", "/admin/users/7", "/app", "/app/wallet"]) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("text/html");
      expect(res.headers.get("content-encoding")).toBe("br");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
    const missing = await get("/no/such/page");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-encoding")).toBe("br");
    const icon = await get("/favicon.svg");
    expect(icon.headers.get("content-type")).toStartWith("image/svg+xml");
    expect(icon.headers.get("cache-control")).toBe("public, max-age=86400");
  });

  test("pages get a page's policy: the admin panel framed by nobody, the mini app by Telegram Web only", async () => {
    for (const path of ["/", "/admin", "/admin/login", "/no/such/page"]) expectSecurityHeaders(await get(path), "admin page");
    for (const path of ["/app", "/app/wallet"]) expectSecurityHeaders(await get(path), "mini app page");
    for (const path of ["/assets/app-Ab12Cd.js", "/favicon.svg"]) expectSecurityHeaders(await get(path), "none");
  });
});

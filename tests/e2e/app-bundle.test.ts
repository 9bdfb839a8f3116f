// The mini app's first download on a phone: the JavaScript /app loads before any user action
// (its entry script and everything that imports statically, plus the catalogue of the user's
// language, fetched beside the first calls) stays under 45 KB gzipped and holds no admin panel
// code and no chart library. Screens other than Home, the QR encoder and the other languages'
// catalogues load later, if ever.
// It measures a production build made here, in a temp directory.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { buildWeb } from "@/server/build-web.ts";

const webDist = mkdtempSync(join(tmpdir(), "refbot-app-bundle-"));

// The mini app runs on preact/compat (web/vite.config.ts): React DOM alone would be about 60 KB
// gzipped, so this budget also fails if the mini app's build ever falls back to it.
const BUDGET_BYTES = 45_000;

/** Every JS file the page loads up front: entry scripts, modulepreloads and their static imports. */
function firstLoadScripts(): string[] {
  const html = readFileSync(join(webDist, "app", "index.html"), "utf8");
  const pending = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map((m) => m[1]!);
  const seen = new Set<string>();
  while (pending.length) {
    const path = pending.pop()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(join(webDist, path), "utf8");
    // Static imports only (`import{a}from"./x.js"`, `import"./x.js"`); `import("./x.js")` is lazy.
    for (const m of code.matchAll(/\bimport\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) pending.push(`/assets/${m[1]}`);
  }
  return [...seen];
}

// Built as `npm start` builds it (server/build-web.ts), into a directory of its own.
beforeAll(() => buildWeb(webDist), 60_000);

afterAll(() => rmSync(webDist, { recursive: true, force: true }));

/** The mini app's main catalogue chunk of each language (domain/i18n/<lang>/app.json), by its first key. */
function catalogueChunks(): Array<{ path: string; gzip: number; words: string }> {
  return readdirSync(join(webDist, "assets"))
    .filter((file) => file.endsWith(".js"))
    .map((file) => ({ path: `/assets/${file}`, code: readFileSync(join(webDist, "assets", file), "utf8") }))
    .filter(({ code }) => code.includes('"common.loading":'))
    .map(({ path, code }) => ({ path, gzip: gzipSync(code).length, words: code.match(/"common\.loading":`([^`]*)`/)?.[1] ?? "" }));
}

test("the first load, with the largest language's catalogue, is under 45 KB of gzipped JavaScript", () => {
  const scripts = firstLoadScripts();
  const sizes = scripts.map((path) => ({ path, gzip: gzipSync(readFileSync(join(webDist, path))).length }));
  const total = sizes.reduce((sum, s) => sum + s.gzip, 0);
  const catalogues = catalogueChunks();
  const largest = Math.max(...catalogues.map((c) => c.gzip));
  console.log(`mini app first load: ${(total / 1000).toFixed(1)} kB gzipped in ${scripts.length} files, plus one catalogue of ${catalogues.map((c) => `${(c.gzip / 1000).toFixed(1)} (${c.words})`).join(", ")} kB`, sizes);
  expect(total + largest).toBeLessThan(BUDGET_BYTES);
});

test("each language's catalogue is a chunk of its own, outside the first load's scripts", () => {
  const catalogues = catalogueChunks();
  expect(catalogues.map((c) => c.words).toSorted()).toEqual(["Cargando", "Loading", "Загрузка"]);
  const scripts = firstLoadScripts();
  for (const { path } of catalogues) expect(scripts).not.toContain(path);
});

test("the first load has no admin code and no uPlot, and the other screens are split off", () => {
  const scripts = firstLoadScripts();
  for (const path of scripts) {
    expect(path).not.toMatch(/\/admin-/);
    const code = readFileSync(join(webDist, path), "utf8");
    expect(code).not.toContain("uPlot");
    expect(code).not.toContain("admin_token");
    expect(code).not.toContain("Sign in to manage your Telegram bot");
    // QR encoding and the wallet screen arrive only when needed.
    expect(code).not.toContain("me/withdraw");
    expect(code).not.toMatch(/getModuleCount/);
  }
});

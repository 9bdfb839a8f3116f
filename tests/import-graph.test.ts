// The layout's promises, checked on the source: imports point inwards, type imports included, and
// runtime imports never loop. A type import vanishes at run time, but it still ties a folder to
// what it names: a domain that took its row types from a database's schema would change with it.
import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, normalize } from "node:path";

const root = join(import.meta.dir, "..");
const areas = ["api", "bot", "chain", "cli", "config", "db", "doctor", "domain", "observe", "server", "web", "scripts"] as const;
type Area = (typeof areas)[number];

function sources(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return ["node_modules", "dist", "migrations"].includes(entry.name) ? [] : sources(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

type Import = { target: string; typeOnly: boolean };

// `import x from`, `import type x from`, `export { x } from`, `export type { x } from`,
// `import("…")` and `typeof import("…")`. Only `import type` / `export type` and `typeof import`
// are type-only: with verbatimModuleSyntax, `import { type x }` still loads the module.
const anyImport = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?(?:[^"';]*?\sfrom\s+)?["']([^"']+)["']|(typeof\s+)?import\(\s*["']([^"']+)["']\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(root, file), "utf8");
  const found: Import[] = [];
  for (const match of text.matchAll(anyImport)) {
    const spec = match[2] ?? match[4]!;
    const typeOnly = Boolean(match[1] ?? match[3]);
    if (spec.startsWith("@/")) found.push({ target: normalize(spec.slice(2)), typeOnly });
    else if (spec.startsWith(".")) found.push({ target: normalize(join(dirname(file), spec)), typeOnly });
  }
  return found;
}

const graph = new Map(areas.flatMap(sources).map((file) => [file, importsOf(file)]));
const area = (file: string) => file.split("/")[0]!;

/** The one typed description of the routes (types only) and the pure calls made from it, which both clients of the HTTP API share. */
const contract = "api/contract.ts";
const routeCalls = "api/client/";

/**
 * What each folder may import besides itself (and packages and Node's builtins). Everything points
 * inwards, to the domain; the composition root (server/) may import anything and nothing imports it.
 * `exactly` names single files a folder may reach in an area it may not import as a whole, each
 * with its reason.
 */
const allowed: Record<Area, { areas: Area[]; exactly?: Record<string, string> }> = {
  domain: { areas: [] },
  // What an operator sees of a running process (metrics, logs): the outer folders report to it.
  observe: { areas: ["domain", "config"] },
  db: { areas: ["domain", "observe"] },
  config: {
    areas: ["domain"],
    // A constant with no imports of its own: DATABASE_TIMEOUT's default is the PostgreSQL client's.
    exactly: { "db/pg/timeouts.ts": "the default of DATABASE_TIMEOUT is the one PostgreSQL's client uses when given none" },
  },
  // The HTTP layer calls the domain and reads the configuration; it reaches one database file.
  api: {
    areas: ["domain", "config", "observe"],
    exactly: { "db/sqlite/schema/index.ts": "api/schemas.ts derives the task request shape from the tasks table (drizzle-zod), so a column's limits are written once" },
  },
  bot: { areas: ["domain", "config", "observe"] },
  // The chain payouts are checked on (viem): an outside service the domain declares as a port
  // (domain/chain.ts), as the bot is for Telegram; it knows nothing of HTTP or the databases.
  chain: { areas: ["domain"] },
  // The doctor's checks gather facts from the configuration, the database and Telegram for both
  // of their callers, `refbot doctor` (cli) and the Setup page (the server hands the API a runner).
  doctor: {
    areas: ["domain", "config", "db", "observe"],
    exactly: {
      "bot/telegram-api.ts": "a Bot API client with the bot's own bounded calls, to ask getMe, getChatMember and getWebhookInfo",
      "bot/telegram-errors.ts": "what a failed Bot API call said, in the words the bot's own log uses",
      "chain/viem-reader.ts": "`refbot doctor` reads the hot wallet's gas and USDT through the chain client the server uses",
    },
  },
  // The CLI's server commands work on the local database (migrate, back up, copy, check the ledger),
  // and `refbot setup` and `refbot doctor` run the doctor's checks and Telegram probes.
  cli: {
    areas: ["domain", "config", "db", "observe", "doctor"],
    exactly: {
      "bot/profile-sync.ts": "`refbot bot sync` runs the bot's own profile sync, the one the server runs at start",
      "bot/telegram-api.ts": "the Bot API client `refbot bot sync` calls Telegram with, with the bot's bounded calls",
      "bot/telegram-errors.ts": "how `refbot bot sync` tells Telegram being away (exit 5) from a refusal",
    },
  },
  web: { areas: ["domain"] },
  scripts: { areas: ["domain", "config", "db", "api", "observe"] },
  server: { areas: ["api", "bot", "chain", "cli", "config", "db", "doctor", "domain", "observe", "web", "scripts"] },
};

/** Both clients of the HTTP API (the CLI, the web apps) reach it through the contract's types and the route calls, nothing else of api/. */
const apiClients: Area[] = ["cli", "web"];

function violations(): string[] {
  const found: string[] = [];
  for (const [file, imports] of graph) {
    const from = area(file) as Area;
    for (const { target, typeOnly } of imports) {
      const to = area(target);
      if (to === from || !(areas as readonly string[]).includes(to)) {
        if (from === "api" && file.startsWith(routeCalls) && !target.startsWith(routeCalls) && !(target === contract && typeOnly)) {
          found.push(`${file} -> ${target} (the route calls import only the contract's types)`);
        }
        continue;
      }
      if (apiClients.includes(from) && to === "api") {
        if (target === contract && typeOnly) continue;
        if (target.startsWith(routeCalls)) continue;
        found.push(`${file} -> ${target}${target === contract ? " (the contract is imported as types only)" : ""}`);
        continue;
      }
      const rule = allowed[from];
      if (rule.areas.includes(to as Area) || target in (rule.exactly ?? {})) continue;
      found.push(`${file} -> ${target}`);
    }
  }
  return found.sort();
}

test("imports point inwards, types included: each folder imports only what its rule allows", () => {
  expect(violations()).toEqual([]);
});

test("nothing imports the composition root", () => {
  const intoServer = [...graph].flatMap(([file, imports]) =>
    area(file) === "server" ? [] : imports.filter(({ target }) => area(target) === "server").map(({ target }) => `${file} -> ${target}`),
  );
  expect(intoServer).toEqual([]);
});

test("no runtime import loop", () => {
  const loops: string[] = [];
  const state = new Map<string, "open" | "done">();
  const visit = (file: string, path: string[]) => {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      loops.push([...path.slice(path.indexOf(file)), file].join(" -> "));
      return;
    }
    state.set(file, "open");
    for (const { target, typeOnly } of graph.get(file) ?? []) if (!typeOnly) visit(target, [...path, file]);
    state.set(file, "done");
  };
  for (const file of graph.keys()) visit(file, []);
  expect(loops).toEqual([]);
});

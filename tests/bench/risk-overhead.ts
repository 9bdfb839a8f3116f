// `npm run bench:risk [-- --users N] [-- --seconds S] [-- --rounds R]`: what the referral-farm
// defences cost the busiest calls. One generated database, the server started with the defences
// off and on in turn (four rounds each, alternating which goes first, so the machine's drift falls on both), and GET /api/me, GET
// /api/tasks/active and task completions measured with wrk. On: RISK_FLAG_SCORE=60,
// REFERRAL_HOLD_HOURS=72, and each user on a public client address of its own through a trusted
// proxy, so each signed-in user is a client sighting. Readers and completers have opened the app
// before the measurement, as users do before they complete a task; the first request of a session
// from a client never seen (one sighting written each) is measured on its own.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { addBenchTasks, buildBenchDb } from "./build-db.ts";
import { initData, okPerSecond, sampleUsers, startServer } from "./server-bench.ts";
import { missingWrk, runWrk, writeScript } from "./wrk.ts";

const log = (line: string) => console.error(`[bench:risk] ${line}`);
const { values: args } = parseArgs({ options: { users: { type: "string" }, seconds: { type: "string" }, rounds: { type: "string" } } });
const users = Number(args.users ?? 100_000);
const seconds = Number(args.seconds ?? 4);
const noWrk = missingWrk();
if (noWrk) {
  log(noWrk);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "refbot-bench-risk-"));
const proxied = { TRUST_PROXY: "127.0.0.1" };
const variants = {
  off: { ...proxied },
  on: { ...proxied, ...JSON.parse(process.env.RISK_BENCH_ON ?? "{\"RISK_FLAG_SCORE\": \"60\", \"REFERRAL_HOLD_HOURS\": \"72\"}") },
} as const;
const headers = { "user-agent": "Mozilla/5.0 (Linux; Android 14) Telegram-Android/11.4" };

try {
  log(`building a database of ${users} users...`);
  const dbPath = join(work, "bench.sqlite");
  buildBenchDb(dbPath, users);
  const rounds = Number(args.rounds ?? 4);
  const tasks = addBenchTasks(dbPath, Array.from({ length: rounds * 2 }, (_, i) => `Risk bench task ${i}`));
  // The address wrk's script gives the i-th value (1-based) of a script whose addresses start
  // after `offset` (addressPerValue in wrk.ts); each script has addresses of its own.
  const addressOf = (i: number, offset: number) => {
    const a = i + offset;
    return `203.${(a >> 16) & 255}.${(a >> 8) & 255}.${a & 255}`;
  };
  const offsets = { readers: 0, completers: 100_000, newcomers: 200_000 };
  const readers = initData(sampleUsers(users, 5_000, 11));
  const read = {
    me: writeScript(work, "me", { path: "/api/me", values: readers, headers, addressPerValue: offsets.readers }),
    tasks: writeScript(work, "tasks", { path: "/api/tasks/active", values: readers, headers, addressPerValue: offsets.readers }),
  };
  const results: Record<keyof typeof variants, Record<string, number[]>> = { off: {}, on: {} };
  const add = (variant: keyof typeof variants, key: string, value: number) => (results[variant][key] ??= []).push(value);

  let run = 0;
  for (let round = 0; round < rounds; round++) {
    // Each round starts with the other variant, so neither always runs on a machine warmed by the other.
    for (const variant of round % 2 === 0 ? (["off", "on"] as const) : (["on", "off"] as const)) {
      const server = await startServer({ DATABASE_PATH: dbPath, ...variants[variant] });
      const open = async (values: string[], offset: number) => {
        for (const [index, value] of values.entries()) {
          await fetch(`${server.url}/api/me`, { headers: { ...headers, "x-telegram-init-data": value, "x-forwarded-for": addressOf(index + 1, offset) } });
        }
      };
      try {
        log(`round ${round + 1}, defences ${variant}: warming up`);
        await open(readers, offsets.readers);
        const completers = initData(sampleUsers(users, Math.min(users, 8_000), 100 + run));
        await open(completers, offsets.completers);
        // Completions before reads: both variants then read with the same writes behind them (the
        // warm-up's sightings are writes only when the defences are on).
        log(`round ${round + 1}, defences ${variant}: completions`);
        const complete = writeScript(work, `complete-${run}`, { method: "POST", path: `/api/tasks/${tasks[run]}/complete`, values: completers, once: true, headers, addressPerValue: offsets.completers });
        add(variant, "complete", okPerSecond(await runWrk(server.url, complete, { seconds })));
        for (const [key, script] of Object.entries(read)) {
          log(`round ${round + 1}, defences ${variant}: ${key}`);
          add(variant, key, okPerSecond(await runWrk(server.url, script, { seconds })));
        }
        // Last: its sightings are writes, which would leave the reads after them a longer WAL to look through.
        log(`round ${round + 1}, defences ${variant}: first requests of new sessions`);
        const newcomers = initData(sampleUsers(users, Math.min(users, 40_000), 500 + run));
        const first = writeScript(work, `first-${run}`, { path: "/api/me", values: newcomers, once: true, headers, addressPerValue: offsets.newcomers });
        add(variant, "first", okPerSecond(await runWrk(server.url, first, { seconds: Math.min(seconds, 2) })));
        run++;
      } finally {
        await server.stop();
      }
    }
  }

  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nReferral-farm defences, ${users} users, ${rounds} rounds of ${seconds} s (requests per second, mean of the rounds)\n`);
  console.log(`${"call".padEnd(26)}${"off".padStart(10)}${"on".padStart(10)}${"on / off".padStart(11)}`);
  for (const [key, label] of [
    ["first", "first GET of a session"],
    ["me", "GET /api/me"],
    ["tasks", "GET /api/tasks/active"],
    ["complete", "POST complete"],
  ] as const) {
    const off = mean(results.off[key]!);
    const on = mean(results.on[key]!);
    console.log(`${label.padEnd(26)}${off.toFixed(0).padStart(10)}${on.toFixed(0).padStart(10)}${`${((on / off) * 100).toFixed(1)} %`.padStart(11)}`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

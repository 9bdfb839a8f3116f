// A run's figures as committed, one file per engine under docs/bench/ (`npm run bench -- --save`):
// what the README's and docs/scaling.md's tables are rendered from (`npm run docs:bench`) and what
// `npm run bench -- --compare <file>` holds a new run to. Beside the figures: when, at which
// commit, and on what machine under how much load, since the same code measures a third apart
// from one machine, or one hour, to the next.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import type { PostgresResults } from "./bench-postgres.ts";
import type { SqliteResults } from "./bench-sqlite.ts";

export const resultsDir = join(import.meta.dir, "..", "..", "docs", "bench");
export const resultsFile = (engine: BenchEngine) => join(resultsDir, `${engine}.json`);

export type BenchEngine = "sqlite" | "postgres";
export type EngineResults = SqliteResults | PostgresResults;
/** The load average over the last 1, 5 and 15 minutes. */
export type LoadAverage = number[];

export type SavedRun<R extends EngineResults = EngineResults> = {
  engine: R["engine"];
  users: number;
  seconds: number;
  startedAt: string;
  finishedAt: string;
  /** HEAD when the run started, and the tracked files that differed from it. */
  commit: string;
  uncommitted: string[];
  command: string;
  machine: { cores: number; cpu: string; memoryGiB: number; loadAverage: { start: LoadAverage; end: LoadAverage } };
  results: R;
};

const round2 = (n: number) => Math.round(n * 100) / 100;
export const loadNow = (): LoadAverage => loadavg().map(round2);

/** Git's output as it printed it (a status line starts with a space), or nothing where git fails. */
function git(args: string[]): string {
  const run = Bun.spawnSync(["git", ...args], { cwd: join(import.meta.dir, "..", ".."), stdout: "pipe", stderr: "pipe" });
  return run.exitCode === 0 ? run.stdout.toString() : "";
}

/** What a run's file says besides its figures, taken when the run starts; `finish` adds the figures. */
export function startRun(command: string): { finish: <R extends EngineResults>(results: R) => SavedRun<R> } {
  const started = { at: new Date().toISOString(), load: loadNow(), commit: git(["rev-parse", "HEAD"]).trim() || "unknown" };
  const uncommitted = git(["status", "--porcelain", "--untracked-files=no"])
    .split("\n")
    .filter(Boolean)
    .map((line) => line.slice(3));
  return {
    finish: (results) => ({
      engine: results.engine,
      users: results.users,
      seconds: results.seconds,
      startedAt: started.at,
      finishedAt: new Date().toISOString(),
      commit: started.commit,
      uncommitted,
      command,
      machine: { cores: cpus().length, cpu: cpus()[0]?.model.trim() ?? "unknown", memoryGiB: round2(totalmem() / 2 ** 30), loadAverage: { start: started.load, end: loadNow() } },
      results,
    }),
  };
}

export function saveRun(run: SavedRun): string {
  mkdirSync(resultsDir, { recursive: true });
  const file = resultsFile(run.engine);
  writeFileSync(file, `${JSON.stringify(run, null, 2)}\n`);
  return file;
}

/**
 * A saved run, or a run's JSON from bench-results/ (its figures alone), which --compare takes as
 * well. Anything else stops with the file's name.
 */
export function readRun(file: string): SavedRun {
  const data = JSON.parse(readFileSync(file, "utf8")) as Partial<SavedRun> & Partial<EngineResults>;
  if (data.results && (data.results.engine === "sqlite" || data.results.engine === "postgres")) return data as SavedRun;
  if (data.engine === "sqlite" || data.engine === "postgres") {
    const results = data as EngineResults;
    return { engine: results.engine, users: results.users, seconds: results.seconds, startedAt: results.startedAt, finishedAt: "", commit: "unknown", uncommitted: [], command: "", machine: { cores: 0, cpu: "unknown", memoryGiB: 0, loadAverage: { start: [], end: [] } }, results };
  }
  throw new Error(`${file} holds no bench run of either engine`);
}

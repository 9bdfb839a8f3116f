// One process of a cross-process race (tests/concurrency.test.ts). It opens the shared SQLite
// file with db/sqlite/client.ts; then, for each job, prints { ready: k }, reads that job's start
// time (ms since the epoch, one line of stdin, sent once every worker is ready for the job), waits
// until then (the barrier, common to all workers) and calls the domain function directly. It
// prints one JSON line per job: { job, ok, code?, value?, startAt, readyAt, startedAt, finishedAt }.
//
// Usage: bun run tests/support/race-worker.ts '<json: { db, now, jobs: RaceJob[] }>'  < start times
import { adjustBalance } from "@/domain/admin-users.ts";
import { completeTask } from "@/domain/tasks.ts";
import { getUser } from "@/domain/users.ts";
import { approveWithdrawal, rejectWithdrawal, requestWithdrawal } from "@/domain/withdrawals.ts";
import { openDeps } from "./deps.ts";

export type RaceJob = { name: string } & (
  | { action: "complete"; userId: number; taskId: number }
  | { action: "approve"; adminId: number; withdrawalId: number }
  | { action: "reject"; adminId: number; withdrawalId: number; reason: string }
  | { action: "withdraw"; userId: number; amount: string }
  | { action: "adjust"; adminId: number; userId: number; amount: string }
);

/** A job as the test writes it: the worker script adds the name. */
export type RaceJobSpec = RaceJob extends infer J ? (J extends RaceJob ? Omit<J, "name"> : never) : never;

export type RaceResult = { job: string; ok: boolean; code?: string; message?: string; value?: unknown; startAt: number; readyAt: number; startedAt: number; finishedAt: number };

const { db: path, now, jobs } = JSON.parse(process.argv[2]!) as { db: string; now: number; jobs: RaceJob[] };
const deps = openDeps(path, new Date(now));
const db = deps.db;

async function perform(job: RaceJob): Promise<unknown> {
  switch (job.action) {
    case "complete": {
      const user = await getUser(deps, job.userId);
      return (await completeTask(deps, user, job.taskId)).balance;
    }
    case "approve":
      return (await approveWithdrawal(deps, job.adminId, job.withdrawalId)).status;
    case "reject":
      return (await rejectWithdrawal(deps, job.adminId, job.withdrawalId, job.reason)).status;
    case "withdraw":
      return (await requestWithdrawal(deps, await getUser(deps, job.userId), job.amount)).id;
    case "adjust":
      return (await adjustBalance(deps, job.adminId, job.userId, job.amount, "race")).user.balance;
  }
}

db.sqlite.query("select count(*) from withdrawals").get();
const startTimes = console[Symbol.asyncIterator]();

for (const [k, job] of jobs.entries()) {
  // Reads before the barrier, like a request's authentication step; the write races.
  if ("userId" in job) getUser(deps, job.userId);
  const readyAt = Date.now();
  console.log(JSON.stringify({ ready: k }));
  const startAt = Number((await startTimes.next()).value);
  await Bun.sleep(Math.max(0, startAt - Date.now() - 3));
  while (Date.now() < startAt) {
    // spin the last milliseconds so every process leaves the barrier together
  }
  const startedAt = Date.now();
  let result: Omit<RaceResult, "startAt" | "readyAt" | "startedAt" | "finishedAt">;
  try {
    result = { job: job.name, ok: true, value: await perform(job) };
  } catch (error) {
    const e = error as { code?: string; message?: string };
    result = { job: job.name, ok: false, code: e.code ?? "ERROR", message: e.message };
  }
  console.log(JSON.stringify({ ...result, startAt, readyAt, startedAt, finishedAt: Date.now() }));
}
db.sqlite.close();

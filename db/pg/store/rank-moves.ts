// Adding the score moves the users trigger appends (migration 0009) into rank_counts. Readers see
// the counts with the moves not yet added in (rank_counts_live), so when this runs changes what
// the leaderboards cost to read, never what they say: it runs often, so they read few moves.
//
// One statement, in its own transaction: it takes the moves it sees out of rank_moves and adds
// them in, summed per (category, block, score), into slot 0: with one writer, rows need no slots
// (migration 0009), and every move onto a score lands on one row, so a fold writes one row per
// score and block moved to or from, however many users moved. Only this statement writes
// rank_counts, and an advisory lock lets one instance of the fleet run it at a time (another finds
// it taken and skips its turn); were two to run anyway, a move deleted by one is skipped by the
// other's delete, so none is added twice.
import type { SQL } from "bun";
import type { Reachability } from "./reachability.ts";
import { connectionLost } from "./runner.ts";

const foldMoves = `with turn as (select pg_try_advisory_xact_lock(hashtext('refbot.rank_moves')) as mine),
    moved as (
      delete from rank_moves where id in (select id from rank_moves where (select mine from turn) order by id limit $1) returning id)
  insert into rank_counts as r (category, block, score, slot, users)
  select v.category, v.block, v.score, 0, sum(v.delta)
  from rank_move_rows v join moved on moved.id = v.move_id
  group by 1, 2, 3 having sum(v.delta) <> 0
  order by 1, 2, 3
  on conflict (category, block, score, slot) do update set users = r.users + excluded.users`;

/** Moves added in per statement at most, so a backlog is taken in steps rather than one long lock. */
const movesPerFold = 20_000;

/** Adds the moves pending now into rank_counts; answers how many rank_counts rows it wrote. */
export async function foldRankMoves(sql: SQL): Promise<number> {
  return (await sql.unsafe(foldMoves, [movesPerFold])).count;
}

/**
 * Adds moves in every `everyMs` until stopped. A failure (the database restarting) is tried
 * again at a later turn: the moves wait in their table meanwhile, and readers still count them.
 * While the reachability `gate` knows the database away, turns pass without trying until a probe
 * is due.
 */
export function foldRankMovesEvery(
  client: SQL | (<T>(run: (sql: SQL) => Promise<T>) => Promise<T>),
  gate: Reachability,
  everyMs: number,
): { stop(): Promise<void> } {
  // Either a client, or a way to run on the store's pool of the moment (liveness.ts).
  const runOnClient = typeof client === "function" && !("unsafe" in client) ? client : <T>(run: (sql: SQL) => Promise<T>) => run(client as SQL);
  let running: Promise<unknown> | undefined;
  const fold = async () => {
    const turn = await gate.enter();
    if (turn === "away") return;
    try {
      await runOnClient(foldRankMoves);
      gate.report(turn, true);
    } catch (error) {
      gate.report(turn, !connectionLost(error));
    }
  };
  const timer = setInterval(() => {
    running ??= fold().finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

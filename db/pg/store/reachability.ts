// Whether the database could be reached, as an instance's last attempts found. Bun's pool answers
// a statement it cannot place by trying to connect every one of its slots, and each try costs the
// server a backend process. So while the database is away (restarting, dropped, refusing
// connections), a request that went to the pool anyway would cost a pool's worth of connection
// attempts, every request and every retry: a crowd of them keeps a recovering server busy
// forking. Instead, one caller at a time tries (the probe), after a pause that doubles from
// `firstPauseMs` up to `longestPauseMs`; callers arriving while a probe runs wait for its outcome,
// and those arriving during the pause are told at once that the database is away. The store holds
// one such gate, which every attempt on the database enters first (attempts.ts, rank-moves.ts).
// Losing the database and finding it back are each one line in the log.
import { silentLog, type Log } from "@/observe/log.ts";

export type Turn = "go" | "probe" | "away";

export type Reachability = {
  /**
   * "go" while the database is reachable, or when the probe this caller waited for reached it;
   * "probe" when this caller is to find out; "away" when it is known away and no probe is due.
   */
  enter(): Promise<Turn>;
  /** What a caller's attempt found; a probe's failure lengthens the pause before the next. */
  report(turn: Turn, reached: boolean): void;
  isAway(): boolean;
};

export function reachability({
  firstPauseMs = 50,
  longestPauseMs = 2_000,
  now = () => performance.now(),
  onChange = (_away: boolean) => {},
  log = silentLog,
}: { firstPauseMs?: number; longestPauseMs?: number; now?: () => number; onChange?: (away: boolean) => void; log?: Log } = {}): Reachability {
  let away = false;
  let awaySince = 0;
  let pauseMs = firstPauseMs;
  let probeAt = 0;
  // The running probe's outcome, for those who wait on it: whether it reached the database.
  let probe: { outcome: Promise<boolean>; tell(reached: boolean): void } | undefined;

  return {
    async enter() {
      if (!away) return "go";
      if (probe) return (await probe.outcome) ? "go" : "away";
      if (now() < probeAt) return "away";
      let tell!: (reached: boolean) => void;
      probe = { outcome: new Promise<boolean>((resolve) => (tell = resolve)), tell };
      return "probe";
    },
    report(turn, reached) {
      const wasAway = away;
      if (reached) {
        away = false;
        pauseMs = firstPauseMs;
      } else if (!away || turn === "probe") {
        // Attempts that started before the first loss also fail; only a probe's failure says the
        // database is still away, and only it lengthens the pause.
        if (away) pauseMs = Math.min(pauseMs * 2, longestPauseMs);
        away = true;
        probeAt = now() + pauseMs;
      }
      if (away !== wasAway) {
        if (away) {
          awaySince = now();
          log.error("database unreachable: requests are answered 503 DATABASE_UNAVAILABLE until it is back");
        } else {
          log.info({ awaySeconds: Math.round((now() - awaySince) / 100) / 10 }, "database reachable again");
        }
        onChange(away);
      }
      if (turn === "probe") {
        probe?.tell(reached);
        probe = undefined;
      }
    },
    isAway: () => away,
  };
}

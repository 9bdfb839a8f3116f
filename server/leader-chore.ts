// A chore the fleet's leader does every so often (settling held bonuses, counting payout
// confirmations): nothing on an instance that does not lead, never two runs at once on one
// instance, and a stop that waits for the run under way. `run` says what went wrong itself.
export type Chore = { stop(): Promise<void> };

export function leaderChore(run: () => Promise<void>, { leading, everyMs }: { leading: () => boolean; everyMs: number }): Chore {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    if (running || !leading()) return;
    running = run().finally(() => (running = undefined));
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

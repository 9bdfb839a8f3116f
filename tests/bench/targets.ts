// The figures the runs are held to, in a file of their own so that the tables rendered from a
// saved run (tables.ts) judge it without loading the bench itself.
export const targets = {
  /** SQLite's reads (plain and with the mini app's headers): their share of the bare Bun.serve of the same rounds. */
  readShare: 0.6,
  /** SQLite's durable completions: their p99 at each of these in-flight counts. */
  completionP99: { ms: 50, inFlight: [32, 64] },
  shareOfPgbench: 0.5,
  queryP99Ms: 20,
  broadcast: { deliveries: 1_000_000, seconds: 5 },
};

/** A read's share judged against targets.readShare, the exact share said when it misses (60 % rounded may be 59.9). */
export const readShareJudged = (share: number) =>
  `target ≥ ${Math.round(targets.readShare * 100)} %: ${share >= targets.readShare ? "met" : `MISSED at ${(share * 100).toFixed(1)} %`}`;

/** A durable SQLite completion's p99 judged against targets.completionP99 at the in-flight counts it holds; nothing at others. */
export const completionP99Judged = (inFlight: number, p99Ms: number): string[] =>
  targets.completionP99.inFlight.includes(inFlight) ? [`target p99 < ${targets.completionP99.ms} ms: ${p99Ms < targets.completionP99.ms ? "met" : "MISSED"}`] : [];

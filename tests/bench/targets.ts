// The figures the PostgreSQL run is held to, in a file of their own so that the tables rendered
// from a saved run (tables.ts) judge it without loading the bench itself.
export const targets = { shareOfPgbench: 0.5, queryP99Ms: 20, broadcast: { deliveries: 1_000_000, seconds: 5 } };

// The connections a pool holds, by state, as PostgreSQL's activity view shows them: Bun's SQL
// client does not say how many it has open. A pool names its connections (openPg's
// application_name), so its own are told apart from every other client's; the connection that
// asks is left out, as it is busy asking.
import type { PgDb } from "./client.ts";

export async function poolConnections(db: PgDb): Promise<Record<string, number>> {
  const rows: { state: string | null; n: number }[] = await db.$client`
    select state, count(*)::int as n from pg_stat_activity
    where application_name = ${db.$pool.name} and pid <> pg_backend_pid()
    group by state`;
  return Object.fromEntries(rows.map(({ state, n }) => [state ?? "unknown", n]));
}

// The broadcast statements on PostgreSQL.
import type { BroadcastStatements } from "@/domain/statements/broadcast.ts";
import type { PgRunner } from "./runner.ts";

export function broadcastStatements(_db: PgRunner): BroadcastStatements {
  return {};
}

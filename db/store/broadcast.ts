// The broadcast statements on SQLite.
import type { Db } from "@/db/client.ts";
import type { BroadcastStatements } from "@/domain/statements/broadcast.ts";

export function broadcastStatements(_db: Db): BroadcastStatements {
  return {};
}

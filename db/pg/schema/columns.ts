// Column types the PostgreSQL tables share, chosen so drizzle infers the same TypeScript types as
// for the SQLite schema: one domain reads and writes both.
import { bigint, customType, timestamp } from "drizzle-orm/pg-core";

/**
 * int8 read as a JavaScript number, as SQLite's 64-bit integers are. For amounts (up to 1e15
 * micro-USDT, past int4's 2.1e9), Telegram ids (past 2^31 too) and ids and counts that grow with
 * every task completion or delivery. Numbers stay exact up to 2^53, the bound domain/rules.ts
 * already keeps amounts under.
 */
export const int8 = (name: string) => bigint(name, { mode: "number" });

/**
 * A moment in time, stored as timestamptz so it means the same whatever the server's TimeZone.
 * Precision 3 because the domain's Dates, like SQLite's integer milliseconds, hold milliseconds:
 * a value written and read back is equal, where microseconds from the server would be cut.
 */
export const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3, mode: "date" });

/**
 * jsonb that hands the object itself to Bun's client, which serializes it. drizzle's own jsonb
 * stringifies first and Bun then encodes that string as JSON again, so the column held a JSON
 * string instead of an object (drizzle-orm#4942) and the jsonb operators saw no fields.
 */
export const jsonObject = customType<{ data: Record<string, unknown>; driverData: Record<string, unknown> }>({
  dataType: () => "jsonb",
});

/**
 * A code column's CHECK (db/ops.ts). Text with a CHECK rather than a PostgreSQL enum: it compares,
 * sorts and binds parameters as the SQLite column does, and a changed list needs no ALTER TYPE
 * (which cannot run inside the migrator's transaction before its new value is usable).
 */
export { oneOf } from "@/db/ops.ts";

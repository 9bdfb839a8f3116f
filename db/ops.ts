// drizzle's query operators, re-exported so statements and tests take them from one place; they
// build the same expressions on either engine.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

export type { SQL } from "drizzle-orm";
export { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";

/**
 * `column in ('a', 'b')` with the values written into the SQL, for what cannot take parameters:
 * a schema's CHECK that a code column holds one of its list's values, or a partial index's
 * condition. The lists are the domain's (domain/model), so a new code is one edit there plus
 * `npm run db:generate` and `npm run db:generate:pg`, which rewrite what uses them.
 */
export const oneOf = (column: SQLWrapper, values: readonly string[]): SQL =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", "))})`;

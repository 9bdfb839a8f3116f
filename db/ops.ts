// drizzle's query operators, re-exported so statements and tests take them from one place; they
// build the same expressions on either engine.
export type { SQL } from "drizzle-orm";
export { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";

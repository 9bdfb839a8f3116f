// Query operators re-exported so domain code imports them from one place.
export type { SQL } from "drizzle-orm";
export { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql } from "drizzle-orm";

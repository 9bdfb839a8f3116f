// Counts in the admin panel's English, with the noun in the right number.
import { formatCount } from "@/web/shared/format.ts";

/** "1 character", "2 characters", "1,234 users", "2 people". */
export function countOf(value: number, one: string, many = `${one}s`): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

// Days are UTC calendar days written as YYYY-MM-DD, which also sort correctly as text.
const DAY_MS = 86_400_000;

export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The UTC day `date` falls in, as a number: the day utcDay writes out, told apart without writing it. */
export const utcDayIndex = (date: Date): number => Math.floor(date.getTime() / DAY_MS);

export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));
}

/** The Monday that starts the ISO week holding `day`. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, -((weekday + 6) % 7));
}

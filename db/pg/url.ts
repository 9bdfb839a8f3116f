// A PostgreSQL URL as it may be printed or logged: its password hidden.
export function withoutPassword(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = "***";
  return parsed.href;
}

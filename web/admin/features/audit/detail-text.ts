// An audit entry's detail as the log shows it: each field as a label and a short text, in the
// order the server wrote them, empty ones left out.

/** "txHash" reads "tx hash". */
const label = (key: string) => key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) return value.join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

export function detailFields(detail: Record<string, unknown> | null): { label: string; text: string }[] {
  return Object.entries(detail ?? {})
    .filter(([, value]) => !isEmpty(value))
    .map(([key, value]) => ({ label: label(key), text: text(value) }));
}

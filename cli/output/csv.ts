// RFC 4180 CSV for spreadsheets and payout batches.

function cell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  // A leading = + - @ makes spreadsheets evaluate the cell; quoting alone does not stop that,
  // but amounts like "-1.50" must stay numbers, so only non-numeric text is guarded.
  const guarded = /^[=+\-@\t\r]/.test(text) && !/^[-+]?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export function toCsv(headers: string[], rows: unknown[][]): string {
  return [headers, ...rows].map((row) => row.map(cell).join(",")).join("\r\n") + "\r\n";
}

// CSV read back the way a spreadsheet imports it, for checking that exports cannot run formulas
// whichever separator the spreadsheet's locale splits on (a comma in English, a semicolon in
// Russian or German, sometimes tab).

/**
 * The rows and cells a spreadsheet makes of `text` when it splits on `separator`. As in RFC 4180,
 * a quote opens a quoted cell only at the start of a cell, and "" inside one is a quote; a quote
 * elsewhere is a character like any other, and text after a closing quote joins the cell. Outside
 * quotes, CR, LF or CRLF end the row.
 */
export function splitAsSpreadsheet(text: string, separator: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  let atStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') cell += c;
      else if (text[i + 1] === '"') cell += text[++i];
      else quoted = false;
      continue;
    }
    if (c === '"' && atStart) {
      quoted = true;
      atStart = false;
    } else if (c === separator) {
      row.push(cell);
      cell = "";
      atStart = true;
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      atStart = true;
    } else {
      cell += c;
      atStart = false;
    }
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** What a spreadsheet reads as a number, and so does not evaluate: "42", "-1.50". */
const number = /^[-+]?\d+(\.\d+)?$/;
/** What makes a spreadsheet evaluate a cell: its first character, unless the whole cell is a number. */
const evaluated = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !number.test(cell);

/** Every cell that would be evaluated as a formula, read with each separator a spreadsheet may use. */
export function formulaCells(csv: string): { separator: string; cell: string }[] {
  return [",", ";", "\t"].flatMap((separator) =>
    splitAsSpreadsheet(csv, separator)
      .flat()
      .filter(evaluated)
      .map((cell) => ({ separator, cell })),
  );
}

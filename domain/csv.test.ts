// The CSV cell rule, read back as spreadsheets split it: with commas, semicolons or tabs, no cell
// starts a formula, and read with commas every cell is the value written, with at most a `'` put
// in front of a formula start.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { formulaCells, splitAsSpreadsheet } from "@/tests/support/spreadsheet.ts";
import { csvCell, toCsv } from "./csv.ts";

/**
 * Whether `cell` is `text` with guards added and nothing else: each character of `text` in order,
 * and every other character a `'` followed by one that starts a formula (or a quote, which can
 * open a cell where a spreadsheet splits).
 */
function isGuarded(cell: string, text: string): boolean {
  let j = 0;
  for (let i = 0; i < cell.length; i++) {
    if (cell[i] === text[j]) j++;
    else if (cell[i] !== "'" || !/^[=+\-@\t\r"]/.test(cell[i + 1] ?? "")) return false;
  }
  return j === text.length;
}

/** Text made mostly of what matters here: separators, quotes, formula starts and guards. */
const tricky = fc.string({ unit: fc.constantFrom(",", ";", "\t", "\r", "\n", '"', "'", "=", "+", "-", "@", " ", "a", "1", "."), maxLength: 24 });

describe("csvCell", () => {
  test("the name that got past the old guard is quoted, and the formula after its semicolon is guarded", () => {
    const name = "x;=cmd|' /C calc'!A0;";
    expect(csvCell(name)).toBe(`"x;'=cmd|' /C calc'!A0;"`);
    const csv = toCsv(["id", "name", "balance"], [[12, name, "0.00"]]);
    expect(formulaCells(csv)).toEqual([]);
    expect(splitAsSpreadsheet(csv, ",")[1]).toEqual(["12", "x;'=cmd|' /C calc'!A0;", "0.00"]);
  });

  test("numbers stay numbers: ids and amounts, negative ones too, are written as they are", () => {
    for (const value of [42, "42", "-1.50", "+2.00", "0.000001", -3]) expect(csvCell(value)).toBe(String(value));
    fc.assert(fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 99 }), (whole, cents) => {
      const amount = `${whole}.${String(cents).padStart(2, "0")}`;
      expect(csvCell(amount)).toBe(amount);
    }));
  });

  test("any text: read with commas it comes back whole, guarded only where a formula would start; read with ; or tab no cell is a formula", () => {
    fc.assert(
      fc.property(fc.oneof(tricky, fc.string({ maxLength: 40 })), fc.oneof(tricky, fc.string({ maxLength: 10 })), (text, other) => {
        const csv = toCsv(["id", "text", "other", "amount"], [[7, text, other, "-1.50"]]);
        const [header, row, ...rest] = splitAsSpreadsheet(csv, ",");
        expect(rest).toEqual([]);
        expect(header).toEqual(["id", "text", "other", "amount"]);
        expect(row).toHaveLength(4);
        expect([row![0], row![3]]).toEqual(["7", "-1.50"]);
        expect(isGuarded(row![1]!, text)).toBe(true);
        expect(isGuarded(row![2]!, other)).toBe(true);
        expect(formulaCells(csv)).toEqual([]);
      }),
      { numRuns: 3000 },
    );
  });
});

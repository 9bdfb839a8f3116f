import { describe, expect, test } from "bun:test";
import { describeProblem, findMarkdownProblem, parseTelegramMarkdown } from "./telegram-markdown.ts";

const spans = (text: string) => parseTelegramMarkdown(text).spans;

describe("Telegram's legacy Markdown", () => {
  test("bold, italic, code and links between plain text", () => {
    expect(spans("*Big news!* Complete _today's_ task: `/start` at [our channel](https://t.me/refbot).")).toEqual([
      { kind: "bold", text: "Big news!" },
      { kind: "text", text: " Complete " },
      { kind: "italic", text: "today's" },
      { kind: "text", text: " task: " },
      { kind: "code", text: "/start" },
      { kind: "text", text: " at " },
      { kind: "link", text: "our channel", href: "https://t.me/refbot" },
      { kind: "text", text: "." },
    ]);
  });

  test("entities do not nest, and nothing inside one is escaped", () => {
    expect(spans("*bold _not italic_*")).toEqual([{ kind: "bold", text: "bold _not italic_" }]);
    expect(spans("`a\\*b`")).toEqual([{ kind: "code", text: "a\\*b" }]);
  });

  test("a backslash outside an entity shows the marker itself; before other characters it stays", () => {
    expect(spans("2 \\* 3 = 6, \\_x\\_ and C:\\dir")).toEqual([{ kind: "text", text: "2 * 3 = 6, _x_ and C:\\dir" }]);
  });

  test("a pre block keeps its language and drops the line break after the opening marks", () => {
    expect(spans("```js\nlet a = 1;\n```")).toEqual([{ kind: "pre", text: "let a = 1;\n", language: "js" }]);
    expect(spans("```\nplain\n```")).toEqual([{ kind: "pre", text: "plain\n" }]);
  });

  test("links: a bare address in brackets, no scheme, Telegram's own, and addresses Telegram would not link", () => {
    expect(spans("[https://example.com]")).toEqual([{ kind: "link", text: "https://example.com", href: "https://example.com/" }]);
    expect(spans("[site](example.com/a)")).toEqual([{ kind: "link", text: "site", href: "http://example.com/a" }]);
    expect(spans("[me](tg://user?id=1)")).toEqual([{ kind: "link", text: "me", href: null }]);
    expect(spans("[x](javascript:alert(1))")).toEqual([{ kind: "text", text: "x)" }]);
    expect(spans("[x](nowhere)")).toEqual([{ kind: "text", text: "x" }]);
  });

  test("an empty entity shows nothing", () => {
    expect(spans("a**b__c")).toEqual([{ kind: "text", text: "abc" }]);
  });

  test("a marker never closed makes the message one Telegram refuses, and says where", () => {
    const problem = findMarkdownProblem("Earn 2 * 3 USDT");
    expect(problem).toEqual({ marker: "*", character: 8, line: 1, column: 8 });
    expect(describeProblem(problem!)).toBe(
      "Telegram would refuse this message: the * at character 8 is never closed. Close it with * (or write \\* to show the character itself).",
    );
    expect(findMarkdownProblem("[link](https://x.y")).toBeUndefined();
    expect(findMarkdownProblem("see [the docs")).toMatchObject({ marker: "[", character: 5 });
    expect(findMarkdownProblem("```code")).toMatchObject({ marker: "```", character: 1 });
  });

  // What Telegram's parser (TDLib's parse_markdown, behind the Bot API's parse_mode "Markdown")
  // refuses and what it lets through: each case is how that parser reads the text.
  test("what Telegram refuses: any _ * ` ``` [ left open, wherever it stands", () => {
    const refused: [string, string, number][] = [
      ["Earn 2 * 3 USDT today with _referrals", "*", 8],
      ["Write to @refbot_support for help", "_", 17],
      ["Run `/start now", "`", 5],
      ["``` unclosed block `` still open", "```", 1],
      ["Visit [our channel](https://t.me/x) or [this", "[", 40],
      // Entities do not nest, so the _ inside the bold text closes nothing; the one after does open.
      ["*bold _x* and _y", "_", 15],
      // A backslash escapes only outside an entity: inside code it is kept and the ` closes the code.
      ["`a\\` b` c", "`", 7],
      // Nor is a backslash before anything but _ * ` [ an escape.
      ["C:\\dir\\file_", "_", 12],
    ];
    for (const [text, marker, character] of refused) expect({ text, problem: findMarkdownProblem(text) }).toMatchObject({ text, problem: { marker, character } });
    const accepted = ["Write to @refbot\\_support", "2 \\* 3 = 6", "[link](https://x.y", "a__b", "`a_b` and *c_d*", "```js\nlet a_b = 1\n```", "price: 5$ (50% off)"];
    expect(accepted.map((text) => [text, findMarkdownProblem(text)])).toEqual(accepted.map((text) => [text, undefined]));
  });

  test("the place is counted in the text as typed: spaces around it, emoji as one character, lines and columns", () => {
    expect(findMarkdownProblem("   Earn 2 * 3")).toEqual({ marker: "*", character: 11, line: 1, column: 11 });
    expect(findMarkdownProblem("🎉 Earn * now")).toEqual({ marker: "*", character: 8, line: 1, column: 8 });
    const text = "*Big news*\n\nWrite to @refbot_support\nfor help";
    const problem = findMarkdownProblem(text)!;
    expect(problem).toEqual({ marker: "_", character: 29, line: 3, column: 17 });
    expect(text[28]).toBe("_");
    expect(describeProblem(problem)).toStartWith("Telegram would refuse this message: the _ at character 29 (line 3, column 17) is never closed.");
  });
});

import { describe, expect, test } from "bun:test";
import { describeProblem, parseTelegramMarkdown } from "./telegram-markdown.ts";

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
    const parsed = parseTelegramMarkdown("Earn 2 * 3 USDT");
    expect(parsed.problem).toEqual({ marker: "*", index: 7 });
    expect(describeProblem(parsed.problem!)).toBe(
      "Telegram would refuse this message: the * at character 8 is never closed. Close it with * (or write \\* to show the character itself).",
    );
    expect(parseTelegramMarkdown("[link](https://x.y").problem).toBeUndefined();
    expect(parseTelegramMarkdown("see [the docs").problem).toEqual({ marker: "[", index: 4 });
    expect(parseTelegramMarkdown("```code").problem).toEqual({ marker: "```", index: 0 });
  });
});

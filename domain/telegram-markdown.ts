// Telegram's legacy Markdown, the parse mode the bot sends broadcasts with (bot/broadcast-flush.ts:
// parse_mode "Markdown"), read the way Telegram reads it (TDLib's parse_markdown, which the Bot API
// runs for that mode): *bold*, _italic_, `code`, ```pre```, [text](url). Entities do not nest;
// inside one, nothing is escaped; outside, a backslash shows the next _ * ` [ as itself. A marker
// that is never closed makes Telegram refuse the whole message ("can't parse entities: Can't find
// end of the entity starting at byte offset N"), so that is reported, not guessed around. A link
// whose address Telegram would not accept stays plain text, and a link's "(" left open is not an
// error. The admin form's preview and the API's check of every broadcast text both read it here.

export type Span =
  | { kind: "text" | "bold" | "italic" | "code"; text: string }
  | { kind: "pre"; text: string; language?: string }
  /** `href` is a web address the preview may open; null for Telegram's own links (tg://, ton://). */
  | { kind: "link"; text: string; href: string | null };

/** The marker Telegram would find left open, and where it starts in the parsed text (0-based, UTF-16). */
type OpenMarker = { marker: string; index: number };

export type Parsed = { spans: Span[]; problem?: undefined } | { spans?: undefined; problem: OpenMarker };

/**
 * Why Telegram would refuse a text, and where, as a person counts in the text as typed: the 1-based
 * character (a Unicode character, an emoji is one), and the line and column it sits at.
 */
export type MarkdownProblem = { marker: string; character: number; line: number; column: number };

const MARKERS = "_*`[";
const isSpace = (c: string | undefined) => c === " " || c === "\t" || c === "\n" || c === "\r";

/** Where a link goes: a web address (no scheme means http), Telegram's own, or nowhere (plain text). */
function linkTarget(url: string): { href: string | null } | null {
  const scheme = /^([a-z][a-z\d+.-]*):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "tg" || scheme === "ton") return { href: null };
  if (scheme && scheme !== "http" && scheme !== "https") return null;
  try {
    const parsed = new URL(scheme ? url : `http://${url}`);
    return parsed.hostname.includes(".") || parsed.hostname === "localhost" ? { href: parsed.href } : null;
  } catch {
    return null; // Not an address at all: Telegram leaves the text unlinked.
  }
}

export function parseTelegramMarkdown(text: string): Parsed {
  const spans: Span[] = [];
  let plain = "";
  const push = (span: Span) => {
    if (plain) spans.push({ kind: "text", text: plain });
    plain = "";
    spans.push(span);
  };
  const size = text.length;

  for (let i = 0; i < size; i++) {
    const c = text[i]!;
    if (c === "\\" && MARKERS.includes(text[i + 1] ?? "\0")) {
      plain += text[++i];
      continue;
    }
    if (!MARKERS.includes(c)) {
      plain += c;
      continue;
    }

    const begin = i;
    const end = c === "[" ? "]" : c;
    let pre = false;
    let language: string | undefined;
    i++;
    if (c === "`" && text[i] === "`" && text[i + 1] === "`") {
      pre = true;
      i += 2;
      let languageEnd = i;
      while (languageEnd < size && !isSpace(text[languageEnd]) && text[languageEnd] !== "`") languageEnd++;
      if (languageEnd !== i && languageEnd < size && text[languageEnd] !== "`") {
        language = text.slice(i, languageEnd);
        i = languageEnd;
      }
      // One line break right after the opening marks is not part of the block.
      if (text[i] === "\n" || text[i] === "\r") i += (text[i + 1] === "\n" || text[i + 1] === "\r") && text[i] !== text[i + 1] ? 2 : 1;
    }

    const start = i;
    while (i < size && (text[i] !== end || (pre && !(text[i + 1] === "`" && text[i + 2] === "`")))) i++;
    if (i >= size) return { problem: { marker: pre ? "```" : c, index: begin } };
    const inner = text.slice(start, i);

    let url = "";
    if (c === "[") {
      if (text[i + 1] === "(") {
        i += 2;
        const urlStart = i;
        while (i < size && text[i] !== ")") i++;
        url = text.slice(urlStart, i);
      } else {
        url = inner; // [https://example.com] links its own text.
      }
    }
    if (pre) i += 2;
    if (inner === "") continue; // An empty entity shows nothing, markers included.

    if (c === "*") push({ kind: "bold", text: inner });
    else if (c === "_") push({ kind: "italic", text: inner });
    else if (pre) push({ kind: "pre", text: inner, ...(language && { language }) });
    else if (c === "`") push({ kind: "code", text: inner });
    else {
      const target = linkTarget(url.trim());
      if (target) push({ kind: "link", text: inner, href: target.href });
      else plain += inner;
    }
  }
  if (plain) spans.push({ kind: "text", text: plain });
  return { spans };
}

/**
 * The problem Telegram would refuse `typed` for, or undefined when it parses. The message goes out
 * without the spaces around it (the server trims it, as Telegram would), so that is what is
 * parsed; the place is given in the text as typed.
 */
export function findMarkdownProblem(typed: string): MarkdownProblem | undefined {
  const { problem } = parseTelegramMarkdown(typed.trim());
  if (!problem) return undefined;
  const before = [...typed.slice(0, typed.length - typed.trimStart().length + problem.index)];
  const lineStart = before.lastIndexOf("\n") + 1;
  return { marker: problem.marker, character: before.length + 1, line: before.filter((c) => c === "\n").length + 1, column: before.length - lineStart + 1 };
}

/** The problem in the words an admin can act on; the line and column only for a text of several lines. */
export function describeProblem({ marker, character, line, column }: MarkdownProblem): string {
  const closing = marker === "[" ? "]" : marker;
  const escape = marker === "```" ? "" : ` (or write \\${marker} to show the character itself)`;
  const where = line > 1 ? `character ${character} (line ${line}, column ${column})` : `character ${character}`;
  return `Telegram would refuse this message: the ${marker} at ${where} is never closed. Close it with ${closing}${escape}.`;
}

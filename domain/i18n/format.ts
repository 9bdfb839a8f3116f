// ICU MessageFormat, the part catalogues use: {name}, {n, number}, {n, plural, ...} with # and
// =N cases, and {x, select, ...}. Plural categories and numbers come from Intl, so Russian's
// one/few/many and each language's digit grouping need nothing of our own. A full ICU runtime
// would cost the mini app's first load more than its catalogue; this is the subset, parsed once
// per message.
export type Values = Record<string, string | number>;

type Part = string | { arg: string; type?: "number" | "plural" | "select"; cases?: Record<string, Part[]> };

const parsed = new Map<string, Part[]>();

export function formatMessage(message: string, values: Values, locale: string): string {
  let parts = parsed.get(message);
  if (!parts) parsed.set(message, (parts = parse(message)));
  return render(parts, values, locale, undefined);
}

/** The argument names a message uses, for the catalogue test that compares languages. */
export function messageArguments(message: string): string[] {
  const names = new Set<string>();
  const walk = (parts: Part[]) => {
    for (const part of parts) {
      if (typeof part === "string") continue;
      names.add(part.arg);
      for (const inner of Object.values(part.cases ?? {})) walk(inner);
    }
  };
  walk(parse(message));
  return [...names].sort();
}

function render(parts: Part[], values: Values, locale: string, pound: number | undefined): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "string") {
      out += pound === undefined ? part : part.replaceAll("#", number(pound, locale));
      continue;
    }
    const value = values[part.arg];
    if (value === undefined) throw new Error(`message argument {${part.arg}} has no value`);
    if (part.type === "plural") {
      const n = Number(value);
      const cases = part.cases!;
      const chosen = cases[`=${n}`] ?? cases[new Intl.PluralRules(locale).select(n)] ?? cases.other!;
      out += render(chosen, values, locale, n);
    } else if (part.type === "select") {
      out += render(part.cases![String(value)] ?? part.cases!.other!, values, locale, pound);
    } else {
      out += part.type === "number" || typeof value === "number" ? number(Number(value), locale) : value;
    }
  }
  return out;
}

const number = (n: number, locale: string) => n.toLocaleString(locale);

function parse(message: string): Part[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`bad message at ${at} (${why}): ${message}`);
  };
  const readUntil = (stops: string) => {
    const start = at;
    while (at < message.length && !stops.includes(message[at]!)) at++;
    return message.slice(start, at).trim();
  };
  const parts = (nested: boolean): Part[] => {
    const out: Part[] = [];
    let text = "";
    while (at < message.length) {
      const c = message[at]!;
      if (c === "'" && message[at + 1] === "'") {
        text += "'";
        at += 2;
      } else if (c === "'" && "{}#".includes(message[at + 1] ?? "")) {
        // ICU quoting: '{' is a literal brace up to the next quote.
        const end = message.indexOf("'", at + 1);
        if (end < 0) fail("unclosed quote");
        text += message.slice(at + 1, end);
        at = end + 1;
      } else if (c === "{") {
        if (text) out.push(text);
        text = "";
        at++;
        out.push(argument());
      } else if (c === "}") {
        if (!nested) fail("unexpected }");
        break;
      } else {
        text += c;
        at++;
      }
    }
    if (text) out.push(text);
    return out;
  };
  const argument = (): Part => {
    const arg = readUntil(",}");
    if (!arg) fail("empty argument");
    if (message[at] === "}") {
      at++;
      return { arg };
    }
    at++;
    const type = readUntil(",}");
    if (type === "number" && message[at] === "}") {
      at++;
      return { arg, type };
    }
    if (type !== "plural" && type !== "select") fail(`unknown type ${type}`);
    at++;
    const cases: Record<string, Part[]> = {};
    for (;;) {
      const key = readUntil("{}");
      if (message[at] === "}") break;
      if (!key) fail("case without a key");
      at++;
      cases[key] = parts(true);
      if (message[at] !== "}") fail("unclosed case");
      at++;
    }
    at++;
    if (!cases.other) fail("no other case");
    return { arg, type: type as "plural" | "select", cases };
  };
  const out = parts(false);
  if (at < message.length) fail("trailing text");
  return out;
}

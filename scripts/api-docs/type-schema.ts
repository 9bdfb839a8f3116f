// Turns a type as the TypeScript compiler writes it in a declaration file into a JSON schema. It
// reads the part of the language that JSON answers are made of (objects, arrays, unions, literals,
// the primitive types) and the ways a declaration names a type kept elsewhere:
// `import("./file").Name`, `(typeof import("./file").list)[number]` and, for a list beside the
// type, `(typeof list)[number]`, looked up in the declaration files the same compilation wrote. Anything else stops it, naming what it met, so an
// answer is never described by a guess.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";

export type JsonSchema = { [key: string]: unknown };

const keywords: Record<string, JsonSchema> = {
  string: { type: "string" },
  number: { type: "number" },
  boolean: { type: "boolean" },
  null: { type: "null" },
  unknown: {},
  any: {},
};

/** A reader over one declaration file's text; `file` says where its `import("…")` paths start. */
class Reader {
  at = 0;
  constructor(
    readonly text: string,
    readonly file: string,
  ) {}

  private skip() {
    while (this.at < this.text.length) {
      if (/\s/.test(this.text[this.at]!)) this.at++;
      else if (this.text.startsWith("/*", this.at)) this.at = this.text.indexOf("*/", this.at) + 2;
      else if (this.text.startsWith("//", this.at)) this.at = this.text.indexOf("\n", this.at);
      else break;
    }
  }

  peek(token: string): boolean {
    this.skip();
    return this.text.startsWith(token, this.at);
  }

  eat(token: string): boolean {
    if (!this.peek(token)) return false;
    this.at += token.length;
    return true;
  }

  expect(token: string) {
    if (!this.eat(token)) this.fail(`expected "${token}"`);
  }

  match(pattern: RegExp): string | undefined {
    this.skip();
    const found = new RegExp(pattern.source, "y");
    found.lastIndex = this.at;
    const hit = found.exec(this.text);
    if (!hit) return undefined;
    this.at += hit[0].length;
    return hit[0];
  }

  fail(why: string): never {
    throw new Error(`${this.file}: ${why} at "${this.text.slice(this.at, this.at + 60)}"`);
  }
}

/** A union's members, with `undefined` left out (JSON has no undefined: the field is left out instead). */
function union(members: JsonSchema[]): JsonSchema {
  const kept = members.filter((member) => member.type !== "undefined");
  const consts = kept.filter((member) => "const" in member);
  if (consts.length === kept.length && kept.length > 1 && new Set(consts.map((member) => member.type)).size === 1) {
    return { type: consts[0]!.type, enum: consts.map((member) => member.const) };
  }
  const enums = kept.filter((member) => "enum" in member);
  const rest = kept.filter((member) => !("enum" in member) && !("const" in member));
  // A named list of literals, or null: "pending" | "paid" | null.
  if (kept.length === 1) return kept[0]!;
  if (enums.length + consts.length === kept.length - 1 && rest.length === 1 && rest[0]!.type === "null") {
    const values = [...enums.flatMap((member) => member.enum as unknown[]), ...consts.map((member) => member.const), null];
    return { type: [(enums[0] ?? consts[0])!.type, "null"], enum: values };
  }
  if (kept.length === 2 && rest.length === 2 && kept.some((member) => member.type === "null")) {
    const other = kept.find((member) => member.type !== "null")!;
    if (typeof other.type === "string") return { ...other, type: [other.type, "null"] };
  }
  return { anyOf: kept };
}

function parseType(reader: Reader): JsonSchema {
  reader.eat("|");
  const members = [parsePostfix(reader)];
  while (reader.eat("|")) members.push(parsePostfix(reader));
  return union(members);
}

function parsePostfix(reader: Reader): JsonSchema {
  let schema = parsePrimary(reader);
  while (reader.peek("[]")) {
    reader.expect("[]");
    schema = { type: "array", items: schema };
  }
  return schema;
}

function parsePrimary(reader: Reader): JsonSchema {
  if (reader.eat("(")) {
    if (reader.eat("typeof")) {
      // A list declared in another file, or beside the type that names it.
      const { file, name } = reader.peek("import(") ? importRef(reader) : { file: reader.file, name: reader.match(/[A-Za-z_$][\w$]*/) ?? reader.fail("expected a name") };
      reader.expect(")");
      reader.expect("[number]");
      return declaredTuple(file, name);
    }
    const inner = parseType(reader);
    reader.expect(")");
    return inner;
  }
  if (reader.peek("{")) return parseObject(reader);
  if (reader.peek("import(")) {
    const { file, name } = importRef(reader);
    return declaredType(file, name);
  }
  const text = reader.match(/"(?:[^"\\]|\\.)*"/);
  if (text) return { type: "string", const: JSON.parse(text) };
  const number = reader.match(/-?\d+(\.\d+)?/);
  if (number) return { type: "number", const: Number(number) };
  const word = reader.match(/[A-Za-z_$][\w$]*/);
  if (word === "true" || word === "false") return { type: "boolean", const: word === "true" };
  if (word === "undefined") return { type: "undefined" };
  if (word && keywords[word]) return keywords[word];
  return reader.fail(`cannot describe ${word ? `the type "${word}"` : "this type"}`);
}

function parseObject(reader: Reader): JsonSchema {
  reader.expect("{");
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  let additional: JsonSchema | undefined;
  while (!reader.eat("}")) {
    reader.match(/readonly\b/);
    if (reader.eat("[")) {
      reader.match(/[A-Za-z_$][\w$]*/);
      reader.expect(":");
      reader.expect("string");
      reader.expect("]");
      reader.expect(":");
      additional = parseType(reader);
    } else {
      const quoted = reader.match(/"(?:[^"\\]|\\.)*"/);
      const name = quoted ? (JSON.parse(quoted) as string) : reader.match(/[A-Za-z_$][\w$]*/);
      if (!name) reader.fail("expected a field name");
      const optional = reader.eat("?");
      reader.expect(":");
      properties[name] = parseType(reader);
      if (!optional) required.push(name);
    }
    reader.eat(";") || reader.eat(",");
  }
  return {
    type: "object",
    ...(Object.keys(properties).length > 0 && { properties }),
    ...(required.length > 0 && { required }),
    ...(additional && { additionalProperties: additional }),
  };
}

function importRef(reader: Reader): { file: string; name: string } {
  reader.expect("import(");
  const path = JSON.parse(reader.match(/"[^"]*"/) ?? reader.fail("expected a module path")) as string;
  reader.expect(")");
  reader.expect(".");
  const name = reader.match(/[A-Za-z_$][\w$]*/) ?? reader.fail("expected a name");
  return { file: resolve(dirname(reader.file), `${path.replace(/\.ts$/, "")}.d.ts`), name };
}

/**
 * A reader placed just after `declaration` in the declaration file `file`. The compiler names a
 * folder's index.ts by the folder alone, and an index may only hand names on (`export * from`), so
 * both are followed to the file that declares the name.
 */
function readerAt(file: string, declaration: RegExp, what: string): Reader {
  const path = existsSync(file) ? file : file.replace(/\.d\.ts$/, "/index.d.ts");
  const text = readFileSync(path, "utf8");
  const start = declaration.exec(text);
  if (start) {
    const reader = new Reader(text, path);
    reader.at = start.index + start[0].length;
    return reader;
  }
  for (const [, from] of text.matchAll(/export \* from "([^"]+)";/g)) {
    const next = resolve(dirname(path), `${from!.replace(/\.(js|ts)$/, "")}.d.ts`);
    try {
      return readerAt(next, declaration, what);
    } catch {
      // Not declared in that file: the next re-export may hold it.
    }
  }
  throw new Error(`${path}: no ${what}`);
}

/** `export type Name = …;` in a declaration file. */
function declaredType(file: string, name: string): JsonSchema {
  return parseType(readerAt(file, new RegExp(`export (?:declare )?type ${name} = `), `type ${name}`));
}

/** The members of `export declare const name: readonly [...]`, which `(typeof name)[number]` stands for. */
function declaredTuple(file: string, name: string): JsonSchema {
  const reader = readerAt(file, new RegExp(`export declare const ${name}: readonly \\[`), `constant list ${name}`);
  const members: JsonSchema[] = [];
  while (!reader.eat("]")) {
    members.push(parsePrimary(reader));
    reader.eat(",");
  }
  return union(members);
}

/**
 * The fields of `export declare const name: { … }` in the declaration file `file`, each as a JSON
 * schema: the shape of one value per key.
 */
export function declaredFields(file: string, name: string): Record<string, JsonSchema> {
  const text = readFileSync(file, "utf8");
  const start = new RegExp(`export declare const ${name}: `).exec(text);
  if (!start) throw new Error(`${file}: no constant ${name}`);
  const reader = new Reader(text, file);
  reader.at = start.index + start[0].length;
  const object = parseObject(reader);
  return (object.properties ?? {}) as Record<string, JsonSchema>;
}

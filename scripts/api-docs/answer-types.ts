// Compiled with declarations to read every route's answer as a plain type: the compiler writes
// each one out in full (no names left to look up), which type-schema.ts turns into a JSON schema.
import type { AnswerOf, RouteKey } from "@/api/plugins/openapi-routes.ts";

type Primitive = string | number | boolean | null | undefined;
/**
 * A union of primitives made anew: the compiler writes a named union (a DatabaseState) by its
 * name, but not one it has just built by taking a member out.
 */
type Unnamed<T> = Exclude<T extends unknown ? T | "\u0000" : never, "\u0000">;

/** The type spelled out: a named union of literals becomes its members, an object its fields. */
type Spelled<T> = unknown extends T
  ? T
  : [T] extends [Primitive]
  ? Unnamed<T>
  : T extends Primitive
    ? T
    : T extends (infer Item)[]
      ? Spelled<Item>[]
      : { [Key in keyof T]: Spelled<T[Key]> };

declare function spelled<T>(): { [Key in keyof T]: Spelled<T[Key]> };

export const answers = spelled<{ [Key in RouteKey]: AnswerOf<Key> }>();

// Every API route as "METHOD /path", and its success answer as clients receive it, read off the
// app's own route types: what describes the API can name no route the app lacks, and the type
// check fails when it misses one the app has.
import type { createApp } from "../app.ts";
import type { Jsonify } from "../contract.ts";

type Routes = ReturnType<typeof createApp>["~Routes"];
type Method = "get" | "post" | "put" | "patch" | "delete";

/** The routes under a node of Elysia's route tree, as [key, route] pairs; a key names the method, a path segment anything else. */
type Entries<Node, Path extends string> = Node extends unknown
  ? { [Key in keyof Node & string]: Key extends Method ? [`${Uppercase<Key>} ${Path}`, Node[Key]] : Entries<Node[Key], `${Path}/${Key}`> }[keyof Node & string]
  : never;

type ApiEntries = Extract<Entries<Routes, "">, [`${string} /api/${string}`, unknown]>;
type Success<Route> = Route extends { response: { 200: infer Body } } ? Body : never;

/** "GET /api/me", "POST /api/tasks/:id/complete": one for each route under /api. */
export type RouteKey = ApiEntries[0];

/** A success answer as it travels: JSON (dates as ISO strings), or the text of a file a route sends (a CSV export). */
type Carried<T> = T extends Response ? string : Jsonify<T>;

/** What `key` answers on success, as it travels. */
export type AnswerOf<Key extends RouteKey> = Carried<Success<Extract<ApiEntries, [Key, unknown]>[1]>>;

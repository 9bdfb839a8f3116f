// A small query cache in the spirit of the spec's client: each key is fetched once, never goes
// stale on its own, is not retried or refetched on focus, and is refetched only when a mutation
// invalidates it. Keys are API paths ("admin/tasks"), so invalidating a prefix refreshes every
// screen that shows that data without the features knowing about each other.
import { useCallback, useEffect, useSyncExternalStore } from "react";
import type { ApiError } from "./api-client.ts";

export type QueryState<T> = { data?: T; error?: ApiError; isLoading: boolean; isFetching: boolean };

type Entry = {
  state: QueryState<unknown>;
  listeners: Set<() => void>;
  fetcher?: () => Promise<unknown>;
  inFlight?: Promise<void>;
};

const entries = new Map<string, Entry>();
const initial: QueryState<never> = { isLoading: true, isFetching: false };

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) entries.set(key, (entry = { state: initial, listeners: new Set() }));
  return entry;
}

function publish(entry: Entry, state: QueryState<unknown>) {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function load(key: string): Promise<void> {
  const entry = entryFor(key);
  const fetcher = entry.fetcher;
  if (!fetcher) return Promise.resolve();
  if (entry.inFlight) return entry.inFlight;
  publish(entry, { ...entry.state, isFetching: true });
  const run = fetcher().then(
    (data) => publish(entry, { data, isLoading: false, isFetching: false }),
    // The API client already told the admin (toast) or signed them out (401).
    (error: ApiError) => publish(entry, { data: entry.state.data, error, isLoading: false, isFetching: false }),
  );
  entry.inFlight = run.finally(() => (entry.inFlight = undefined));
  return entry.inFlight;
}

/** Data for `key`, fetched by `fetcher` the first time a component asks; null waits. */
export function useQuery<T>(key: string | null, fetcher: () => Promise<T>): QueryState<T> & { refetch: () => Promise<void> } {
  if (key) entryFor(key).fetcher = fetcher;
  const state = useSyncExternalStore(
    useCallback(
      (listener: () => void) => {
        if (!key) return () => {};
        const entry = entryFor(key);
        entry.listeners.add(listener);
        return () => entry.listeners.delete(listener);
      },
      [key],
    ),
    () => (key ? entryFor(key).state : initial),
  );
  useEffect(() => {
    if (key && entryFor(key).state === initial) void load(key);
  }, [key]);
  const refetch = useCallback(() => (key ? load(key) : Promise.resolve()), [key]);
  return { ...(state as QueryState<T>), refetch };
}

function matches(key: string, prefix: string) {
  return key === prefix || key.startsWith(`${prefix}/`) || key.startsWith(`${prefix}?`);
}

/** After a change: refetch the shown keys under these prefixes, forget the hidden ones. */
export function invalidate(...prefixes: string[]): Promise<void[]> {
  const shown: Promise<void>[] = [];
  for (const [key, entry] of entries) {
    if (!prefixes.some((prefix) => matches(key, prefix))) continue;
    if (entry.listeners.size > 0) shown.push(load(key));
    else entries.delete(key);
  }
  return Promise.all(shown);
}

/** On sign-in and sign-out: nothing fetched for one session may show in the next. */
export function clearQueries(): void {
  for (const [key, entry] of entries) {
    if (entry.listeners.size === 0) entries.delete(key);
    else void load(key);
  }
}

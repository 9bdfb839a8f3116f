// The query cache of both apps, on signals. A key names the data (its API path: "admin/tasks",
// "me/balance") and holds signals of its data, error and fetching state; whoever shows a key
// passes the fetcher that gets it, so two screens may share a key without sharing code. Data is
// fetched when first shown, shared by everyone showing the key (one request at a time), kept
// while it is refetched or when a refetch fails, never goes stale on its own and is not retried.
// After a change, invalidate() names what changed by key or prefix: keys on screen refetch at
// once, the others when next shown (showing their old data meanwhile).
import { batch, signal, type Signal } from "@preact/signals-react";
import { useSignals } from "@preact/signals-react/runtime";
import { useCallback, useEffect, useRef } from "react";
import type { ApiError } from "./http.ts";

type Fetcher<T> = () => Promise<T>;
/** A shower's fetcher, read when a load starts, so it may change between renders. */
type FetcherRef = { current: Fetcher<unknown> };

type Entry = {
  data: Signal<unknown>;
  error: Signal<ApiError | undefined>;
  fetching: Signal<boolean>;
  /** Changed while nobody showed it: the next showing refetches. */
  stale: boolean;
  inFlight?: Promise<void>;
  /** The fetchers of whoever shows this key now; an invalidation uses the newest. */
  shownBy: Set<FetcherRef>;
};

export type QueryState<T> = {
  data: T | undefined;
  error: ApiError | undefined;
  /** Nothing has arrived yet for this key (neither data nor an error). */
  isLoading: boolean;
  isFetching: boolean;
};

export type QueryOptions<T> = {
  /** While shown, refetch every this many milliseconds; a function decides from the data (false: no polling). */
  refetchInterval?: number | false | ((data: T | undefined) => number | false);
};

const entries = new Map<string, Entry>();

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    entry = { data: signal(undefined), error: signal(undefined), fetching: signal(false), stale: false, shownBy: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

function load(entry: Entry, fetcher: Fetcher<unknown>): Promise<void> {
  entry.stale = false;
  if (entry.inFlight) return entry.inFlight;
  entry.fetching.value = true;
  entry.inFlight = Promise.resolve()
    .then(fetcher)
    .then(
      (data) =>
        batch(() => {
          entry.data.value = data;
          entry.error.value = undefined;
          entry.fetching.value = false;
        }),
      // The API client has already told the user (a toast) or signed them out (a 401).
      (error: ApiError) =>
        batch(() => {
          entry.error.value = error;
          entry.fetching.value = false;
        }),
    )
    .finally(() => (entry.inFlight = undefined));
  return entry.inFlight;
}

/** The state of `key`; read in a component (after useSignals) it re-renders on every change. */
export function readQuery<T>(key: string): QueryState<T> {
  const entry = entryFor(key);
  const data = entry.data.value as T | undefined;
  const error = entry.error.value;
  return { data, error, isLoading: data === undefined && error === undefined, isFetching: entry.fetching.value };
}

/**
 * Starts showing `key`: it loads with `fetcher` unless it has data (or an error) that nothing has
 * changed since. Answers the function that stops showing it.
 */
export function showQuery(key: string, fetcher: FetcherRef): () => void {
  const entry = entryFor(key);
  entry.shownBy.add(fetcher);
  const neverLoaded = entry.data.peek() === undefined && entry.error.peek() === undefined;
  if (entry.stale || neverLoaded) void load(entry, fetcher.current);
  return () => void entry.shownBy.delete(fetcher);
}

/** Loads `key` again now (or joins the request already under way). */
export function refetchQuery(key: string, fetcher: Fetcher<unknown>): Promise<void> {
  return load(entryFor(key), fetcher);
}

const idle: QueryState<never> = { data: undefined, error: undefined, isLoading: true, isFetching: false };

/** Data for `key`, fetched by `fetcher` when first shown; a null key waits (e.g. for an id). */
export function useQuery<T>(key: string | null, fetcher: Fetcher<T>, options: QueryOptions<T> = {}): QueryState<T> & { refetch: () => Promise<void> } {
  useSignals();
  const latest = useRef<Fetcher<unknown>>(fetcher);
  latest.current = fetcher;
  const state = key === null ? idle : readQuery<T>(key);

  useEffect(() => (key === null ? undefined : showQuery(key, latest)), [key]);

  const { refetchInterval } = options;
  const every = typeof refetchInterval === "function" ? refetchInterval(state.data) : refetchInterval;
  useEffect(() => {
    if (key === null || !every) return;
    const timer = setInterval(() => void refetchQuery(key, latest.current), every);
    return () => clearInterval(timer);
  }, [key, every]);

  const refetch = useCallback(() => (key === null ? Promise.resolve() : refetchQuery(key, latest.current)), [key]);
  return { ...state, refetch };
}

function matches(key: string, prefix: string): boolean {
  return key === prefix || key.startsWith(`${prefix}/`) || key.startsWith(`${prefix}?`);
}

/**
 * After a change: keys under these prefixes that are on screen refetch (after any request already
 * under way, which may have started before the change); the others refetch when next shown.
 * Resolves once the shown ones have their new data.
 */
export async function invalidate(...prefixes: string[]): Promise<void> {
  const refetches: Promise<void>[] = [];
  for (const [key, entry] of entries) {
    if (!prefixes.some((prefix) => matches(key, prefix))) continue;
    const shown = [...entry.shownBy].at(-1);
    if (!shown) entry.stale = true;
    else refetches.push((entry.inFlight ?? Promise.resolve()).then(() => load(entry, shown.current)));
  }
  await Promise.all(refetches);
}

/** Puts data a call has already answered (the signed-in user) under its key. */
export function setQueryData<T>(key: string, data: T): void {
  const entry = entryFor(key);
  entry.stale = false;
  batch(() => {
    entry.data.value = data;
    entry.error.value = undefined;
  });
}

/** On sign-in and sign-out: nothing fetched for one session may show in the next. */
export function clearQueries(): void {
  for (const entry of entries.values()) {
    const shown = [...entry.shownBy].at(-1);
    if (shown) void load(entry, shown.current);
    else
      batch(() => {
        entry.data.value = undefined;
        entry.error.value = undefined;
      });
  }
}

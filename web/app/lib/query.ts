// A small query cache in the spirit of the spec's client: data is fetched once per key with a GET
// to /api/<key>, never goes stale on its own, is not retried or polled, and is refetched only
// when a mutation says the data changed. Components subscribe with useQuery.
import { useEffect, useSyncExternalStore } from "react";
import { api, type ApiError } from "./api-client.ts";
import { toast } from "../../shared/toast.ts";

export type QueryState<T> = { data?: T; error?: ApiError; isLoading: boolean };

type Entry = { state: QueryState<unknown>; listeners: Set<() => void>; inFlight?: Promise<void> };

const entries = new Map<string, Entry>();
const idle: QueryState<never> = { isLoading: true };

function entryFor(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) entries.set(key, (entry = { state: idle, listeners: new Set() }));
  return entry;
}

function publish(entry: Entry, state: QueryState<unknown>) {
  entry.state = state;
  for (const listener of entry.listeners) listener();
}

function load(key: string): Promise<void> {
  const entry = entryFor(key);
  entry.inFlight ??= api
    // A 401 means the app was not opened from Telegram: the notice explains that, not a toast.
    .get<unknown>(key, { silent: true })
    .then(
      (data) => publish(entry, { data, isLoading: false }),
      (error: ApiError) => {
        if (error.status !== 401) toast({ title: "Failed to load data", description: error.message, variant: "destructive" });
        publish(entry, { data: entry.state.data, error, isLoading: false });
      },
    )
    .finally(() => (entry.inFlight = undefined));
  return entry.inFlight;
}

/** Data for /api/<key>; pass null to wait (e.g. until the session is known). */
export function useQuery<T>(key: string | null): QueryState<T> {
  const state = useSyncExternalStore(
    (listener) => {
      if (!key) return () => {};
      const entry = entryFor(key);
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    () => (key ? entryFor(key).state : idle),
  );
  useEffect(() => {
    if (key && entryFor(key).state === idle) void load(key);
  }, [key]);
  return state as QueryState<T>;
}

/** Refetches the keys that start with any of these prefixes, keeping their data meanwhile. */
export function refetch(...prefixes: string[]): Promise<void[]> {
  const keys = [...entries.keys()].filter((key) => prefixes.some((p) => key === p || key.startsWith(`${p}/`) || key.startsWith(`${p}?`)));
  return Promise.all(keys.map(load));
}

export function setQueryData<T>(key: string, data: T): void {
  publish(entryFor(key), { data, isLoading: false });
}

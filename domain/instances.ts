// The register of running server instances: each says at start that it runs, every
// `instanceRules.heartbeatMs` that it still does, and at a clean stop that it has gone. What it
// records of its JWT secret is a fingerprint that reveals nothing of it, so `refbot doctor` can
// tell whether a fleet shares one secret (tokens signed by one instance work on another).
import { createHmac } from "node:crypto";
import type { InstanceRow } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";

export const instanceRules = {
  heartbeatMs: 30_000,
  /** An instance not seen for this long counts as gone: several missed heartbeats. */
  goneAfterMs: 5 * 60_000,
} as const;

/**
 * The first 16 hex digits of HMAC-SHA256 of a fixed label, keyed by the secret: equal for equal
 * secrets, and no help to anyone guessing one.
 */
export const secretFingerprint = (secret: string) => createHmac("sha256", secret).update("refbot instance fingerprint").digest("hex").slice(0, 16);

type InstanceDeps = Pick<Deps, "store" | "clock">;

export function registerInstance(deps: InstanceDeps, instance: Pick<InstanceRow, "id" | "secretFingerprint" | "version">): Promise<void> {
  const at = deps.clock();
  return deps.store.transaction((db) => db.instances.register({ ...instance, startedAt: at, seenAt: at }));
}

/** Refreshes the instance's row, adding it again if it was removed meanwhile. */
export async function instanceAlive(deps: InstanceDeps, instance: Pick<InstanceRow, "id" | "secretFingerprint" | "version" | "startedAt">): Promise<void> {
  const at = deps.clock();
  await deps.store.transaction(function* (db) {
    if (!(yield* db.instances.seen(instance.id, at))) yield* db.instances.register({ ...instance, seenAt: at });
  });
}

export function removeInstance(deps: Pick<Deps, "store">, id: string): Promise<void> {
  return deps.store.transaction((db) => db.instances.remove(id));
}

/** The instances that said they were alive within `instanceRules.goneAfterMs`. */
export function runningInstances(deps: InstanceDeps): Promise<InstanceRow[]> {
  const since = new Date(deps.clock().getTime() - instanceRules.goneAfterMs);
  return deps.store.read((db) => db.instances.seenSince(since));
}

// The statements the register of running instances (instances.ts) needs from an engine.
import type { InstanceRow } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type InstanceStatements = {
  /** Adds the instance, or refreshes it when a restart reuses its id. */
  register(row: InstanceRow): Op<void>;
  /** Moves its seen_at on; false when its row is gone (removed by hand, or a restore). */
  seen(id: string, at: Date): Op<boolean>;
  remove(id: string): Op<void>;
  /** The instances seen at or after `since`, the newest first. */
  seenSince(since: Date): Op<InstanceRow[]>;
};

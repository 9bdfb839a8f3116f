// The statements the tasks rules need from an engine.
import type { Op } from "@/domain/store.ts";

export type TaskStatements = {
  /** Placeholder until the area's rules are written as programs. */
  readonly _area?: Op<never>;
};

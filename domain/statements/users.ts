// The statements the users rules need from an engine.
import type { Op } from "@/domain/store.ts";

export type UserStatements = {
  /** Placeholder until the area's rules are written as programs. */
  readonly _area?: Op<never>;
};

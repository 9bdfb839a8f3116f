// The statements the admins rules need from an engine.
import type { Op } from "@/domain/store.ts";

export type AdminStatements = {
  /** Placeholder until the area's rules are written as programs. */
  readonly _area?: Op<never>;
};

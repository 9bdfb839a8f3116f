// The statements the insights rules need from an engine.
import type { Op } from "@/domain/store.ts";

export type InsightStatements = {
  /** Placeholder until the area's rules are written as programs. */
  readonly _area?: Op<never>;
};

// The statements the admin-users rules need from an engine.
import type { Op } from "@/domain/store.ts";

export type AdminUserStatements = {
  /** Placeholder until the area's rules are written as programs. */
  readonly _area?: Op<never>;
};

// The statements the API tokens (api-tokens.ts) need from an engine.
import type { ApiToken } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type ApiTokenStatements = {
  /** The new token, or null when its name is taken (the unique index decides, not a read before). */
  insert(values: Omit<ApiToken, "id" | "lastUsedAt">): Op<ApiToken | null>;
  byHash(tokenHash: string): Op<ApiToken | undefined>;
  /** Every token, oldest first. */
  list(): Op<ApiToken[]>;
  /** Deletes the token, answering it, or undefined when there is none. */
  remove(id: number): Op<ApiToken | undefined>;
  /** Sets last_used_at to `at` unless it was written after `since`, so a busy token writes rarely. */
  touch(id: number, at: Date, since: Date): Op<void>;
};

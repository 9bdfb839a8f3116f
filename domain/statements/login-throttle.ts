// The statements the sign-in throttle (login-throttle.ts) needs from an engine.
import type { LoginThrottleRow } from "@/domain/model/index.ts";
import type { Op } from "@/domain/store.ts";

export type LoginThrottleStatements = {
  /**
   * The rows of `keys`, held until the transaction ends, so that attempts on one key are counted
   * one after another however many connections or server instances make them. A key never seen
   * answers no row, or a row with no attempts in a window long over.
   */
  claim(keys: string[]): Op<LoginThrottleRow[]>;
  /** Writes a key's count, creating its row if needed. */
  set(row: LoginThrottleRow): Op<void>;
  remove(key: string): Op<void>;
  /** Gives `key` one attempt back, if it has one and its window is still the one begun at `windowStart`. */
  giveBack(key: string, windowStart: Date): Op<void>;
  /** Removes the rows of windows begun at or before `before`; a row an attempt holds may wait for the next sweep. */
  sweep(before: Date): Op<void>;
};

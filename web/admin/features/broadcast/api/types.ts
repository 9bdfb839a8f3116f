import type { BroadcastDto } from "../../../../../api/contract.ts";
import { rules } from "../../../../../api/domain/rules.ts";

export type Broadcast = BroadcastDto;

export const BROADCASTS_KEY = "admin/broadcasts";

// The server's limits on a broadcast message, counted after trimming.
export const MESSAGE_MIN = rules.broadcastMinLength;
export const MESSAGE_MAX = rules.broadcastMaxLength;

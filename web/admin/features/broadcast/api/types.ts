export type Broadcast = { id: number; message: string; createdAt: string; total: number; pending: number; sent: number; failed: number; etaSeconds: number };

export const BROADCASTS_KEY = "admin/broadcasts";

// The server's limits on a broadcast message, counted after trimming.
export const MESSAGE_MIN = 5;
export const MESSAGE_MAX = 4000;

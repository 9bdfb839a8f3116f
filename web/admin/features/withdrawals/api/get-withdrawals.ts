import type { WithdrawalStatus } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { WITHDRAWALS_KEY } from "./keys.ts";

export const PAGE_SIZE = 50;
// The API answers at most 200 rows per call.
export const MAX_LIMIT = 200;

export const getWithdrawals = (status: WithdrawalStatus, limit = PAGE_SIZE, before?: number) =>
  api.get("/api/admin/withdrawals", { query: { status, limit, before } }, { errorTitle: "Failed to load withdrawals" });

/** The newest `limit` requests with this status, newest first. */
export function useWithdrawals(status: WithdrawalStatus, limit = PAGE_SIZE) {
  return useQuery(`${WITHDRAWALS_KEY}?status=${status}&limit=${limit}`, () => getWithdrawals(status, limit));
}

import type { RiskStatus } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { RISK_KEY } from "./keys.ts";

export const PAGE_SIZE = 50;

export const getFlagged = (status: RiskStatus, before?: number) =>
  api.get("/api/admin/risk", { query: { status, limit: PAGE_SIZE, before } }, { errorTitle: "Failed to load the risk queue" });

/** One page of users with this status, newest first: the first page, or those with an id below `before`. */
export function useFlagged(status: RiskStatus, before?: number) {
  return useQuery(`${RISK_KEY}?status=${status}&before=${before ?? ""}`, () => getFlagged(status, before));
}

import type { AuditAction } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";
import { useQuery } from "@/web/shared/query.ts";
import { AUDIT_KEY } from "./keys.ts";

export const PAGE_SIZE = 50;

/** Whose entries and which action the log shows; nothing set shows every entry. */
export type AuditFilter = { adminId?: number; action?: AuditAction };

export const getAudit = ({ adminId, action }: AuditFilter, before?: number) =>
  api.get("/api/admin/audit", { query: { limit: PAGE_SIZE, before, adminId, action } }, { errorTitle: "Failed to load the audit log" });

/** One page of the entries that pass `filter`, newest first: the first page, or those with an id below `before`. */
export function useAudit(filter: AuditFilter, before?: number) {
  return useQuery(`${AUDIT_KEY}?admin=${filter.adminId ?? ""}&action=${filter.action ?? ""}&before=${before ?? ""}`, () => getAudit(filter, before));
}

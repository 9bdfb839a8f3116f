import type { WithdrawalStatus } from "@/api/contract.ts";
import { api } from "@/web/admin/lib/api-client.ts";

/** Every request with this status as a CSV file, newest first. */
export const exportWithdrawals = (status: WithdrawalStatus) =>
  api.get("/api/admin/withdrawals/export.csv", { query: { status } }, { errorTitle: "Failed to export withdrawals" });

// A bulk action from the table view: each selected request acted on in turn, as the CLI's batches
// do, its own outcome kept (the server's words on a refusal), and the lists refreshed once at the end.
import { api } from "@/web/admin/lib/api-client.ts";
import { ApiError } from "@/web/shared/http.ts";
import { invalidate } from "@/web/shared/query.ts";
import { WITHDRAWALS_KEY } from "./keys.ts";

export type BulkAction = "approve" | "reject" | "send";
export type BulkOutcome = { ok: true; message: string } | { ok: false; message: string };

const silent = { silent: true };

async function one(id: number, action: BulkAction, reason: string): Promise<string> {
  if (action === "approve") return (await api.patch("/api/admin/withdrawals/:id/approve", { params: { id } }, silent)), "approved";
  if (action === "reject") return (await api.patch("/api/admin/withdrawals/:id/reject", { params: { id }, body: { reason } }, silent)), "rejected, refunded";
  const sent = await api.post("/api/admin/withdrawals/:id/send", { params: { id } }, silent);
  return `sent, tx ${sent.txHash.slice(0, 10)}… (nonce ${sent.nonce})`;
}

export async function bulkWithdrawals(ids: number[], action: BulkAction, reason: string, onOutcome: (id: number, outcome: BulkOutcome) => void): Promise<void> {
  for (const id of ids) {
    try {
      onOutcome(id, { ok: true, message: await one(id, action, reason) });
    } catch (error) {
      // A lost session or server ends the batch: the next id would fail the same way.
      if (error instanceof ApiError && (error.status === 401 || error.status === 0)) throw error;
      onOutcome(id, { ok: false, message: error instanceof Error ? error.message : String(error) });
    }
  }
  await invalidate(WITHDRAWALS_KEY, "admin/stats", "admin/users", "admin/risk", "admin/wallet");
}

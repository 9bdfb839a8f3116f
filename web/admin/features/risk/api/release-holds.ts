// Settles the held referral bonuses whose time is up: paid, forfeited (the friend left the
// channel) or kept for the review (either side flagged); balances and held amounts change.
import { api } from "@/web/admin/lib/api-client.ts";
import { invalidate } from "@/web/shared/query.ts";
import { RISK_KEY } from "./keys.ts";

export async function releaseDueHolds() {
  const result = await api.post("/api/admin/risk/holds/release", {}, { errorTitle: "Releasing holds failed" });
  await invalidate(RISK_KEY, "admin/users", "admin/stats", "admin/leaderboard");
  return result;
}

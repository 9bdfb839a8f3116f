// The hot wallet's state for an operator (domain/wallet-status.ts): balances, nonces, today's total.
import { Elysia } from "elysia";
import type { Deps } from "@/domain/context.ts";
import { walletStatus } from "@/domain/wallet-status.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";

export function adminWalletRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  return new Elysia({ prefix: "/api/admin/wallet" })
    .use(auth)
    .get("/", () => walletStatus(deps), { admin: "withdrawals:read", detail: { "x-errors": ["HOT_WALLET_NOT_CONFIGURED", "CHAIN_UNAVAILABLE"] } });
}

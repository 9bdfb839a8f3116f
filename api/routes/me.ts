// The signed-in user's own data, wallet and withdrawals.
import { Elysia } from "elysia";
import { z } from "zod";
import { userLedger } from "../domain/admin-users.ts";
import type { Deps } from "../domain/context.ts";
import { leaderboardCategories, rankOf } from "../domain/leaderboard.ts";
import { ledgerReasonLabels } from "../domain/labels.ts";
import { formatUsdt } from "../domain/money.ts";
import { recentReferrals } from "../domain/referrals.ts";
import { rules } from "../domain/rules.ts";
import { referralLink } from "../domain/users.ts";
import { setWallet } from "../domain/wallet.ts";
import { listWithdrawals, requestWithdrawal } from "../domain/withdrawals.ts";
import type { userAuth } from "../plugins/user-auth.ts";
import { walletBody, withdrawBody } from "../schemas.ts";
import { ledgerView, meView, withdrawalView } from "../views.ts";

export function meRoutes(deps: Deps, auth: ReturnType<typeof userAuth>) {
  return new Elysia({ prefix: "/api/me" })
    .use(auth)
    .get("/", ({ user }) => meView(deps, user), { user: true })
    .get(
      "/activity",
      // title is the spec's field, the English label of type; the clients label type themselves.
      ({ user }) => userLedger(deps, user.id, 5).map((e) => ({ id: e.id, type: e.reason, direction: e.type, title: ledgerReasonLabels[e.reason], time: e.createdAt, amount: formatUsdt(e.amount) })),
      { user: true },
    )
    .get("/balance", ({ user }) => ({ balance: formatUsdt(user.balance), ledger: userLedger(deps, user.id, 50).map(ledgerView) }), { user: true })
    .get(
      "/referrals",
      ({ user }) => ({
        qualifiedCount: user.qualifiedReferrals,
        targetCount: rules.referralTarget,
        rewardAmount: formatUsdt(rules.referralMilestone),
        bonusAmount: formatUsdt(rules.referralBonus),
        totalInvited: user.totalInvited,
        totalEarned: formatUsdt(user.referralEarned),
        refCode: user.refCode,
        referralLink: referralLink(deps, user.refCode),
      }),
      { user: true },
    )
    .get("/referrals/recent", ({ user }) => recentReferrals(deps, user.id, 20), { user: true })
    .get("/withdrawals", ({ user }) => listWithdrawals(deps, { userId: user.id, limit: 50 }).map(withdrawalView), { user: true })
    .get("/rank", ({ user, query }) => ({ rank: rankOf(deps, query.category, user) }), {
      user: true,
      query: z.object({ category: z.enum(leaderboardCategories).default("earnings") }),
    })
    .post("/wallet", ({ user, body }) => meView(deps, setWallet(deps, user, body.address)), { user: true, body: walletBody })
    .post(
      "/withdraw",
      ({ user, body, set }) => {
        const withdrawal = requestWithdrawal(deps, user, body.amount);
        set.status = 201;
        return withdrawalView(withdrawal);
      },
      { user: true, body: withdrawBody },
    );
}

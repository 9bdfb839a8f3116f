// The signed-in user's own data, wallet and withdrawals.
import { Elysia } from "elysia";
import { z } from "zod";
import { userLedger } from "@/domain/admin-users.ts";
import type { Deps } from "@/domain/context.ts";
import type { User } from "@/domain/model/index.ts";
import { leaderboardCategories, rankOf } from "@/domain/leaderboard.ts";
import { recentReferrals } from "@/domain/referrals.ts";
import { utcDay } from "@/domain/time.ts";
import { chooseLanguage, referralLink, userLanguage } from "@/domain/users.ts";
import { setWallet } from "@/domain/wallet.ts";
import { listWithdrawals, requestWithdrawal } from "@/domain/withdrawals.ts";
import type { userAuth } from "@/api/plugins/user-auth.ts";
import { languageBody, walletBody, withdrawBody } from "@/api/schemas.ts";
import { ownWithdrawalView } from "./admin-withdrawals.views.ts";
import { activityItemView, balanceView, meAnswers, meView, referralSummaryView } from "./me.views.ts";

const referralLinks = (deps: Deps) => (user: User) => referralLink(deps, user.refCode);

/** GET /api/me's answer: made once per kept user row, UTC day and referral target (me.views.ts). */
export function meAnswer(deps: Deps) {
  const kept = meAnswers();
  const linkOf = referralLinks(deps);
  return (user: User) => kept(user, deps.clock(), linkOf, deps.settings.current());
}

export function meRoutes(deps: Deps, auth: ReturnType<typeof userAuth>, answer: ReturnType<typeof meAnswer>) {
  const linkOf = referralLinks(deps);
  const me = (user: User) => meView(user, utcDay(deps.clock()), linkOf(user), deps.settings.current());
  return new Elysia({ prefix: "/api/me" })
    .use(auth)
    // "", not "/": the route is then /api/me to Bun's router too, where the hot read of the same path takes it (hot-reads.ts).
    .get("", ({ user }) => answer(user), { user: true })
    .get("/activity", async ({ user }) => (await userLedger(deps, user.id, 5)).map(activityItemView), { user: true })
    .get("/balance", async ({ user }) => balanceView(user, await userLedger(deps, user.id, 50)), { user: true })
    .get("/referrals", ({ user }) => referralSummaryView(user, linkOf(user), deps.settings.current()), { user: true })
    .get("/referrals/recent", ({ user }) => recentReferrals(deps, user.id, 20), { user: true })
    .get("/withdrawals", async ({ user }) => (await listWithdrawals(deps, { userId: user.id, limit: 50 })).map(ownWithdrawalView), { user: true })
    .get("/rank", async ({ user, query }) => ({ rank: await rankOf(deps, query.category, user) }), {
      user: true,
      query: z.object({ category: z.enum(leaderboardCategories).default("earnings") }),
    })
    .post("/wallet", async ({ user, body }) => me(await setWallet(deps, user, body.address)), { user: true, body: walletBody })
    .put("/language", async ({ user, body }) => ({ language: userLanguage(await chooseLanguage(deps, user, body.language)) }), { user: true, body: languageBody })
    .post(
      "/withdraw",
      async ({ user, body, set }) => {
        const withdrawal = await requestWithdrawal(deps, user, body.amount);
        set.status = 201;
        return ownWithdrawalView(withdrawal);
      },
      { user: true, body: withdrawBody, detail: { "x-status": 201, "x-errors": ["USER_BANNED", "BELOW_MINIMUM", "INVALID_AMOUNT", "INSUFFICIENT_BALANCE", "WALLET_REQUIRED", "OPEN_WITHDRAWAL", "NOT_IN_CHANNEL", "PAYOUT_LIMIT"] } },
    );
}

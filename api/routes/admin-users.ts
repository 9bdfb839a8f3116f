// Admin user management: search (or export the list as CSV), profile, ledger, referrals, activity, ban, adjust.
import { Elysia } from "elysia";
import { z } from "zod";
import { adjustBalance, loadUser, loadUserDetail, searchUsers, setBanned, userLedger } from "@/domain/admin-users.ts";
import type { Deps } from "@/domain/context.ts";
import { userCsvColumns } from "@/domain/csv-columns.ts";
import { recentReferrals } from "@/domain/referrals.ts";
import { utcDay } from "@/domain/time.ts";
import { referralLink } from "@/domain/users.ts";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { adjustBody, idParams, limitQuery, optionalReasonBody, pageQuery } from "@/api/schemas.ts";
import { adminActivityView, adminReferralsView, adminUserView } from "./admin-users.views.ts";
import { csvFile, pagesById } from "./csv-export.ts";
import { ledgerView } from "./me.views.ts";

const userSearch = z.string().max(200).optional();

/** The most matches a search's export holds. */
const searchExportLimit = 10_000;

export function adminUserRoutes(deps: Deps, auth: ReturnType<typeof adminAuth>) {
  const view = (u: Parameters<typeof adminUserView>[0]) => adminUserView(u, utcDay(deps.clock()), deps.settings.current());
  return new Elysia({ prefix: "/api/admin/users" })
    .use(auth)
    .get("/", async ({ query }) => (await searchUsers(deps, query.search, query.limit, query.before)).map(view), {
      admin: "users:read",
      query: pageQuery.extend({ search: userSearch }),
    })
    .get(
      "/export.csv",
      async ({ query: { search } }) => {
        const name = `users-${utcDay(deps.clock())}.csv`;
        // A search's matches come in the order of their index, which no id pages through: they go as one page.
        if (search?.trim()) return csvFile(name, userCsvColumns, [(await searchUsers(deps, search, searchExportLimit)).map(view)]);
        return csvFile(name, userCsvColumns, await pagesById(async (limit, before) => (await searchUsers(deps, undefined, limit, before)).map(view)));
      },
      { admin: "users:read", query: z.object({ search: userSearch }), detail: { "x-content-type": "text/csv" } },
    )
    .get(
      "/:id",
      async ({ params }) => {
        const { user, referrer } = await loadUserDetail(deps, params.id);
        return { ...view(user), referrer };
      },
      { admin: "users:read", params: idParams },
    )
    .get(
      "/:id/balance",
      async ({ params, query }) => {
        await loadUser(deps, params.id); // an unknown user is 404, not an empty ledger
        return (await userLedger(deps, params.id, query.limit, query.before)).map(ledgerView);
      },
      { admin: "users:read", params: idParams, query: z.object({ limit: limitQuery(50, 500), before: pageQuery.shape.before }) },
    )
    .get(
      "/:id/referrals",
      async ({ params }) => {
        const user = await loadUser(deps, params.id);
        return adminReferralsView(user, await recentReferrals(deps, user.id, 10), referralLink(deps, user.refCode));
      },
      { admin: "users:read", params: idParams },
    )
    .get(
      "/:id/activity",
      async ({ params }) => {
        const user = await loadUser(deps, params.id);
        return adminActivityView(user, await userLedger(deps, user.id, 10), utcDay(deps.clock()));
      },
      { admin: "users:read", params: idParams },
    )
    .post("/:id/ban", async ({ admin, params, body }) => view(await setBanned(deps, admin.id, params.id, true, body?.reason)), {
      admin: "users:write",
      params: idParams,
      body: optionalReasonBody,
    })
    .post("/:id/unban", async ({ admin, params }) => view(await setBanned(deps, admin.id, params.id, false)), { admin: "users:write", params: idParams })
    .post(
      "/:id/adjust",
      async ({ admin, params, body }) => {
        const { user, entry } = await adjustBalance(deps, admin.id, params.id, body.amount, body.reason);
        return { user: view(user), entry: ledgerView(entry) };
      },
      { admin: "users:write", params: idParams, body: adjustBody },
    );
}

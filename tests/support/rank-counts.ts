// PostgreSQL's rank counts as a table holds them, beside a count over users of what they must be.
import type { SQL } from "bun";
import { rankBlockBits } from "@/domain/model/index.ts";

/**
 * The counts as `from` holds them (rows left at zero say nothing), and as a count over users in
 * blocks of `id >> blockBits` says they must be.
 */
export async function keptAndCounted(sql: SQL, from: "rank_counts" | "rank_counts_live" = "rank_counts_live", blockBits = rankBlockBits) {
  // Summed over the slots a score's count is split into (migration 0004), and the moves' parts.
  const kept = await sql.unsafe(`select category, block, score, sum(users)::int as users from ${from} group by 1, 2, 3 having sum(users) <> 0 order by 1, 2, 3`);
  const counted = await sql`
    select category, block, score, count(*)::int as users
    from users
    cross join lateral (values ('earnings', total_earned), ('referrals', qualified_referrals), ('activity', tasks_completed)) as s(category, score)
    cross join lateral (values (-1), (id >> ${blockBits})) as b(block)
    where not is_banned
    group by 1, 2, 3 order by 1, 2, 3`;
  return { kept: [...kept], counted: [...counted] };
}

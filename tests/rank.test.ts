// Own rank and the top lists, both read through rank_counts, must equal the full ordering,
// whatever the scores, ties, bans and id gaps (ids far apart fall into different blocks).
import { expect, test } from "bun:test";
import fc from "fast-check";
import { leaderboardCategories, rankOf, topUsers } from "@/domain/leaderboard.ts";
import { eq } from "@/db/ops.ts";
import { users } from "@/db/schema/index.ts";
import { makeTestApp } from "./support/app.ts";

const column = { earnings: "total_earned", referrals: "qualified_referrals", activity: "tasks_completed" } as const;

test("rank and top lists equal the ordering (score desc, then earlier id), banned users left out", async () => {
  const t = await makeTestApp();
  const conn = t.db.$client;
  let nextId = 1;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.record({ gap: fc.integer({ min: 1, max: 9000 }), score: fc.integer({ min: 0, max: 4 }), banned: fc.boolean() }), { minLength: 1, maxLength: 25 }),
      fc.array(fc.record({ pick: fc.nat(), score: fc.integer({ min: 0, max: 4 }), banned: fc.boolean() }), { maxLength: 10 }),
      fc.integer({ min: 1, max: 30 }),
      async (rows, changes, limit) => {
        conn.run("delete from users");
        const ids: number[] = [];
        for (const r of rows) {
          const id = (nextId += r.gap);
          ids.push(id);
          conn.run(
            `insert into users (id, tg_id, first_name, ref_code, total_earned, qualified_referrals, tasks_completed, is_banned, created_at)
             values (?, ?, 'U', ?, ?, ?, ?, ?, 0)`,
            [id, id, `C${id}`, r.score * 100_000, r.score, r.score, r.banned ? 1 : 0],
          );
        }
        // Changes after insertion go through the update triggers.
        for (const c of changes) {
          const id = ids[c.pick % ids.length]!;
          conn.run("update users set total_earned = ?, qualified_referrals = ?, tasks_completed = ?, is_banned = ? where id = ?", [c.score * 100_000, c.score + 1, c.score, c.banned ? 1 : 0, id]);
        }
        for (const category of leaderboardCategories) {
          const ordered = conn.query(`select id from users where is_banned = 0 order by ${column[category]} desc, id`).all() as { id: number }[];
          const top = await topUsers(t.deps, category, limit);
          expect(top.map((u) => [u.id, u.rank])).toEqual(ordered.slice(0, limit).map(({ id }, i) => [id, i + 1]));
          for (const [i, { id }] of ordered.entries()) {
            const user = t.db.select().from(users).where(eq(users.id, id)).get()!;
            expect(await rankOf(t.deps, category, user)).toBe(i + 1);
          }
        }
      },
    ),
    { numRuns: 60 },
  );
});

// Own rank and the top lists, both read through rank_counts, must equal the full ordering,
// whatever the scores, ties, bans and id gaps (ids far apart fall into different blocks, and a
// top list then scans several blocks at once). On both engines: on PostgreSQL the counts are
// rank_counts with the score moves not yet added in.
import { expect } from "bun:test";
import fc from "fast-check";
import { leaderboardCategories, rankOf, topUsers } from "@/domain/leaderboard.ts";
import { eq, sql } from "@/db/ops.ts";
import { forEachAppEngine } from "./support/app.ts";

const column = { earnings: "total_earned", referrals: "qualified_referrals", activity: "tasks_completed" } as const;
const scores = (score: number) => ({ totalEarned: score * 100_000, qualifiedReferrals: score, tasksCompleted: score });

await forEachAppEngine(import.meta.path, ({ test, makeTestApp }) => {
  test("rank and top lists equal the ordering (score desc, then earlier id), banned users left out", async () => {
    const t = await makeTestApp();
    let nextId = 1;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ gap: fc.integer({ min: 1, max: 9000 }), score: fc.integer({ min: 0, max: 4 }), banned: fc.boolean() }), { minLength: 1, maxLength: 25 }),
        fc.array(fc.record({ pick: fc.nat(), score: fc.integer({ min: 0, max: 4 }), banned: fc.boolean() }), { maxLength: 10 }),
        fc.integer({ min: 1, max: 30 }),
        async (rows, changes, limit) => {
          await t.all(sql`delete from users`);
          const ids: number[] = [];
          for (const r of rows) {
            const id = (nextId += r.gap);
            ids.push(id);
            await t.insert("users", { id, tgId: id, firstName: "U", refCode: `C${id}`, ...scores(r.score), isBanned: r.banned, createdAt: new Date(0) });
          }
          // Changes after insertion go through the update triggers.
          for (const c of changes) {
            const id = ids[c.pick % ids.length]!;
            await t.update("users", { ...scores(c.score), qualifiedReferrals: c.score + 1, isBanned: c.banned }, (u) => eq(u.id, id));
          }
          for (const category of leaderboardCategories) {
            const ordered = (await t.all(sql.raw(`select id from users where is_banned = false order by ${column[category]} desc, id`))).map((row) => Number(row.id));
            const top = await topUsers(t.deps, category, limit);
            expect(top.map((u) => [u.id, u.rank])).toEqual(ordered.slice(0, limit).map((id, i) => [id, i + 1]));
            for (const [i, id] of ordered.entries()) expect(await rankOf(t.deps, category, await t.userRow(id))).toBe(i + 1);
          }
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});

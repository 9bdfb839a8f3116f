-- Blocks of 1024 ids instead of 4096 (domain/model/stats.ts: rankBlockBits). A top list and a
-- rank read the scores of a few whole blocks user by user, by primary key: at 4096 users a block
-- took about 1.4 ms to read at a million users, and the activity list, five blocks deep, had a
-- p99 past 20 ms. The counts are made again from users, the moves not yet added in with them,
-- while users, the moves and the counts are held against writers (readers go on), so no move
-- lands between the two.
LOCK TABLE users, rank_moves, rank_counts IN EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE VIEW rank_move_rows AS
  SELECT m.id AS move_id, s.category, b.block, s.score, s.delta
  FROM rank_moves m
  CROSS JOIN LATERAL (VALUES
    ('earnings', m.old_earnings, -1), ('referrals', m.old_referrals::bigint, -1), ('activity', m.old_activity::bigint, -1),
    ('earnings', m.new_earnings, 1), ('referrals', m.new_referrals::bigint, 1), ('activity', m.new_activity::bigint, 1)
  ) AS s(category, score, delta)
  CROSS JOIN LATERAL (VALUES (-1), (m.user_id >> 10)) AS b(block)
  WHERE s.score IS NOT NULL;
--> statement-breakpoint
DELETE FROM rank_moves;
--> statement-breakpoint
DELETE FROM rank_counts;
--> statement-breakpoint
INSERT INTO rank_counts (category, block, score, slot, users)
  SELECT s.category, b.block, s.score, 0, count(*)
  FROM users
  CROSS JOIN LATERAL (VALUES ('earnings', total_earned), ('referrals', qualified_referrals::bigint), ('activity', tasks_completed::bigint)) AS s(category, score)
  CROSS JOIN LATERAL (VALUES (-1), (id >> 10)) AS b(block)
  WHERE NOT is_banned
  GROUP BY 1, 2, 3;

CREATE TABLE "rank_moves" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "rank_moves_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"old_earnings" bigint,
	"old_referrals" integer,
	"old_activity" integer,
	"new_earnings" bigint,
	"new_referrals" integer,
	"new_activity" integer
);
--> statement-breakpoint
-- The rank-count trigger of migrations 0001 and 0004 now appends the change to rank_moves instead
-- of adding it into rank_counts: every completion moved the rows of two scores in two categories,
-- each row shared by every user on that score, and held their locks until its commit was on disk,
-- so concurrent completions waited for each other there. An appended row is nobody else's.
CREATE OR REPLACE FUNCTION users_rank_counts() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was users;
  now_is users;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_banned THEN was := OLD; END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_banned THEN now_is := NEW; END IF;
  IF was.id IS NULL AND now_is.id IS NULL THEN RETURN NULL; END IF;
  INSERT INTO rank_moves (user_id, old_earnings, old_referrals, old_activity, new_earnings, new_referrals, new_activity)
  VALUES (coalesce(was.id, now_is.id), was.total_earned, was.qualified_referrals, was.tasks_completed,
    now_is.total_earned, now_is.qualified_referrals, now_is.tasks_completed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A move as the rank_counts rows it changes: the old scores -1, the new +1, each in the whole
-- score's row (block -1) and its block's (id >> 12).
CREATE VIEW rank_move_rows AS
  SELECT m.id AS move_id, s.category, b.block, s.score, s.delta
  FROM rank_moves m
  CROSS JOIN LATERAL (VALUES
    ('earnings', m.old_earnings, -1), ('referrals', m.old_referrals::bigint, -1), ('activity', m.old_activity::bigint, -1),
    ('earnings', m.new_earnings, 1), ('referrals', m.new_referrals::bigint, 1), ('activity', m.new_activity::bigint, 1)
  ) AS s(category, score, delta)
  CROSS JOIN LATERAL (VALUES (-1), (m.user_id >> 12)) AS b(block)
  WHERE s.score IS NOT NULL;
--> statement-breakpoint
-- Only the adding in of moves writes rank_counts now, one statement at a time, so the slots that
-- spread concurrent writers over several rows per score (migration 0004) have nothing left to
-- spread: their counts are summed into slot 0, where the moves are added.
WITH slotted AS (DELETE FROM rank_counts WHERE slot <> 0 RETURNING category, block, score, users)
INSERT INTO rank_counts AS r (category, block, score, slot, users)
SELECT category, block, score, 0, sum(users) FROM slotted GROUP BY 1, 2, 3
ON CONFLICT (category, block, score, slot) DO UPDATE SET users = r.users + excluded.users;
--> statement-breakpoint
-- What the leaderboards read: the counts with the moves not yet added in. One statement sees
-- both as of one snapshot, and adding moves in is one transaction, so a reader never sees a move
-- twice or not at all. Rows may hold negative parts: only sums mean something.
CREATE VIEW rank_counts_live AS
  SELECT category, block, score, users FROM rank_counts
  UNION ALL
  SELECT category, block, score, delta FROM rank_move_rows;

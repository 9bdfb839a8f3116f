-- rank_counts follows users through triggers, as on SQLite (db/migrations/0004), so every writer
-- keeps it right without knowing about it. Blocks are id >> 12; block -1 is the whole score.
--
-- One function serves every change: the row as it was leaves its three scores (-1), the row as it
-- is joins them (+1), and a banned row counts nowhere. What cancels out (a score that did not
-- move) touches no rank_counts row, and the rows that do change are written in one order
-- (category, block, score), so transactions that each change one user never deadlock on them.
CREATE FUNCTION users_rank_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rank_counts AS r (category, block, score, users)
  SELECT s.category, b.block, s.score, sum(side.delta)
  FROM (
    SELECT -1 AS delta, OLD.id AS id, OLD.total_earned AS earnings, OLD.qualified_referrals AS referrals, OLD.tasks_completed AS activity
      WHERE TG_OP <> 'INSERT' AND NOT OLD.is_banned
    UNION ALL
    SELECT 1, NEW.id, NEW.total_earned, NEW.qualified_referrals, NEW.tasks_completed
      WHERE TG_OP <> 'DELETE' AND NOT NEW.is_banned
  ) AS side
  CROSS JOIN LATERAL (VALUES ('earnings', side.earnings), ('referrals', side.referrals), ('activity', side.activity)) AS s(category, score)
  CROSS JOIN LATERAL (VALUES (-1), (side.id >> 12)) AS b(block)
  GROUP BY s.category, b.block, s.score
  HAVING sum(side.delta) <> 0
  ORDER BY s.category, b.block, s.score
  ON CONFLICT (category, block, score) DO UPDATE SET users = r.users + excluded.users;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_rank_counts_insert_delete AFTER INSERT OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_rank_counts();
--> statement-breakpoint
CREATE TRIGGER users_rank_counts_update AFTER UPDATE OF total_earned, qualified_referrals, tasks_completed, is_banned ON users
  FOR EACH ROW
  WHEN ((OLD.total_earned, OLD.qualified_referrals, OLD.tasks_completed, OLD.is_banned)
    IS DISTINCT FROM (NEW.total_earned, NEW.qualified_referrals, NEW.tasks_completed, NEW.is_banned))
  EXECUTE FUNCTION users_rank_counts();

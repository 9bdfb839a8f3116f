-- Blocks of 1024 ids instead of 4096 (domain/model/stats.ts: rankBlockBits): a top list and a
-- rank read the scores of a few whole blocks user by user, and on PostgreSQL, which has no index
-- to read them from, a block of 4096 users took about 1.4 ms at a million users. The triggers of
-- 0004 again with the new blocks, and the blocks' counts made again from users (the whole
-- scores' counts, block -1, stay as they are).
DROP TRIGGER users_rank_insert;
--> statement-breakpoint
DROP TRIGGER users_rank_earnings;
--> statement-breakpoint
DROP TRIGGER users_rank_referrals;
--> statement-breakpoint
DROP TRIGGER users_rank_activity;
--> statement-breakpoint
DROP TRIGGER users_rank_delete;
--> statement-breakpoint
CREATE TRIGGER users_rank_insert AFTER INSERT ON users WHEN NEW.is_banned = 0
BEGIN
  INSERT INTO rank_counts (category, block, score, users) VALUES
    ('earnings', -1, NEW.total_earned, 1), ('earnings', NEW.id >> 10, NEW.total_earned, 1),
    ('referrals', -1, NEW.qualified_referrals, 1), ('referrals', NEW.id >> 10, NEW.qualified_referrals, 1),
    ('activity', -1, NEW.tasks_completed, 1), ('activity', NEW.id >> 10, NEW.tasks_completed, 1)
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_earnings AFTER UPDATE OF total_earned, is_banned ON users
WHEN OLD.total_earned IS NOT NEW.total_earned OR OLD.is_banned IS NOT NEW.is_banned
BEGIN
  UPDATE rank_counts SET users = users - 1
    WHERE OLD.is_banned = 0 AND category = 'earnings' AND block IN (-1, OLD.id >> 10) AND score = OLD.total_earned;
  INSERT INTO rank_counts (category, block, score, users)
    SELECT 'earnings', b, NEW.total_earned, 1 FROM (SELECT -1 AS b UNION ALL SELECT NEW.id >> 10) WHERE NEW.is_banned = 0
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_referrals AFTER UPDATE OF qualified_referrals, is_banned ON users
WHEN OLD.qualified_referrals IS NOT NEW.qualified_referrals OR OLD.is_banned IS NOT NEW.is_banned
BEGIN
  UPDATE rank_counts SET users = users - 1
    WHERE OLD.is_banned = 0 AND category = 'referrals' AND block IN (-1, OLD.id >> 10) AND score = OLD.qualified_referrals;
  INSERT INTO rank_counts (category, block, score, users)
    SELECT 'referrals', b, NEW.qualified_referrals, 1 FROM (SELECT -1 AS b UNION ALL SELECT NEW.id >> 10) WHERE NEW.is_banned = 0
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_activity AFTER UPDATE OF tasks_completed, is_banned ON users
WHEN OLD.tasks_completed IS NOT NEW.tasks_completed OR OLD.is_banned IS NOT NEW.is_banned
BEGIN
  UPDATE rank_counts SET users = users - 1
    WHERE OLD.is_banned = 0 AND category = 'activity' AND block IN (-1, OLD.id >> 10) AND score = OLD.tasks_completed;
  INSERT INTO rank_counts (category, block, score, users)
    SELECT 'activity', b, NEW.tasks_completed, 1 FROM (SELECT -1 AS b UNION ALL SELECT NEW.id >> 10) WHERE NEW.is_banned = 0
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_delete AFTER DELETE ON users WHEN OLD.is_banned = 0
BEGIN
  UPDATE rank_counts SET users = users - 1 WHERE category = 'earnings' AND block IN (-1, OLD.id >> 10) AND score = OLD.total_earned;
  UPDATE rank_counts SET users = users - 1 WHERE category = 'referrals' AND block IN (-1, OLD.id >> 10) AND score = OLD.qualified_referrals;
  UPDATE rank_counts SET users = users - 1 WHERE category = 'activity' AND block IN (-1, OLD.id >> 10) AND score = OLD.tasks_completed;
END;
--> statement-breakpoint
DELETE FROM rank_counts WHERE block >= 0;
--> statement-breakpoint
INSERT INTO rank_counts (category, block, score, users)
  SELECT 'earnings', id >> 10, total_earned, count(*) FROM users WHERE is_banned = 0 GROUP BY id >> 10, total_earned
  UNION ALL SELECT 'referrals', id >> 10, qualified_referrals, count(*) FROM users WHERE is_banned = 0 GROUP BY id >> 10, qualified_referrals
  UNION ALL SELECT 'activity', id >> 10, tasks_completed, count(*) FROM users WHERE is_banned = 0 GROUP BY id >> 10, tasks_completed;

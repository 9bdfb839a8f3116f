-- rank_counts follows users through triggers, so every writer (the API, the bot, the CLI,
-- a script) keeps it right without knowing about it. Blocks are id >> 12; block -1 is the
-- whole score.
CREATE TRIGGER users_rank_insert AFTER INSERT ON users WHEN NEW.is_banned = 0
BEGIN
  INSERT INTO rank_counts (category, block, score, users) VALUES
    ('earnings', -1, NEW.total_earned, 1), ('earnings', NEW.id >> 12, NEW.total_earned, 1),
    ('referrals', -1, NEW.qualified_referrals, 1), ('referrals', NEW.id >> 12, NEW.qualified_referrals, 1),
    ('activity', -1, NEW.tasks_completed, 1), ('activity', NEW.id >> 12, NEW.tasks_completed, 1)
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_earnings AFTER UPDATE OF total_earned, is_banned ON users
WHEN OLD.total_earned IS NOT NEW.total_earned OR OLD.is_banned IS NOT NEW.is_banned
BEGIN
  UPDATE rank_counts SET users = users - 1
    WHERE OLD.is_banned = 0 AND category = 'earnings' AND block IN (-1, OLD.id >> 12) AND score = OLD.total_earned;
  INSERT INTO rank_counts (category, block, score, users)
    SELECT 'earnings', b, NEW.total_earned, 1 FROM (SELECT -1 AS b UNION ALL SELECT NEW.id >> 12) WHERE NEW.is_banned = 0
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_referrals AFTER UPDATE OF qualified_referrals, is_banned ON users
WHEN OLD.qualified_referrals IS NOT NEW.qualified_referrals OR OLD.is_banned IS NOT NEW.is_banned
BEGIN
  UPDATE rank_counts SET users = users - 1
    WHERE OLD.is_banned = 0 AND category = 'referrals' AND block IN (-1, OLD.id >> 12) AND score = OLD.qualified_referrals;
  INSERT INTO rank_counts (category, block, score, users)
    SELECT 'referrals', b, NEW.qualified_referrals, 1 FROM (SELECT -1 AS b UNION ALL SELECT NEW.id >> 12) WHERE NEW.is_banned = 0
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_activity AFTER UPDATE OF tasks_completed, is_banned ON users
WHEN OLD.tasks_completed IS NOT NEW.tasks_completed OR OLD.is_banned IS NOT NEW.is_banned
BEGIN
  UPDATE rank_counts SET users = users - 1
    WHERE OLD.is_banned = 0 AND category = 'activity' AND block IN (-1, OLD.id >> 12) AND score = OLD.tasks_completed;
  INSERT INTO rank_counts (category, block, score, users)
    SELECT 'activity', b, NEW.tasks_completed, 1 FROM (SELECT -1 AS b UNION ALL SELECT NEW.id >> 12) WHERE NEW.is_banned = 0
  ON CONFLICT (category, block, score) DO UPDATE SET users = users + 1;
END;
--> statement-breakpoint
CREATE TRIGGER users_rank_delete AFTER DELETE ON users WHEN OLD.is_banned = 0
BEGIN
  UPDATE rank_counts SET users = users - 1 WHERE category = 'earnings' AND block IN (-1, OLD.id >> 12) AND score = OLD.total_earned;
  UPDATE rank_counts SET users = users - 1 WHERE category = 'referrals' AND block IN (-1, OLD.id >> 12) AND score = OLD.qualified_referrals;
  UPDATE rank_counts SET users = users - 1 WHERE category = 'activity' AND block IN (-1, OLD.id >> 12) AND score = OLD.tasks_completed;
END;
--> statement-breakpoint
DELETE FROM rank_counts;
--> statement-breakpoint
INSERT INTO rank_counts (category, block, score, users)
  SELECT 'earnings', -1, total_earned, count(*) FROM users WHERE is_banned = 0 GROUP BY total_earned
  UNION ALL SELECT 'earnings', id >> 12, total_earned, count(*) FROM users WHERE is_banned = 0 GROUP BY id >> 12, total_earned
  UNION ALL SELECT 'referrals', -1, qualified_referrals, count(*) FROM users WHERE is_banned = 0 GROUP BY qualified_referrals
  UNION ALL SELECT 'referrals', id >> 12, qualified_referrals, count(*) FROM users WHERE is_banned = 0 GROUP BY id >> 12, qualified_referrals
  UNION ALL SELECT 'activity', -1, tasks_completed, count(*) FROM users WHERE is_banned = 0 GROUP BY tasks_completed
  UNION ALL SELECT 'activity', id >> 12, tasks_completed, count(*) FROM users WHERE is_banned = 0 GROUP BY id >> 12, tasks_completed;

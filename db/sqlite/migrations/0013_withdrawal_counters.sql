-- Counters of the withdrawals in each status and of the referral bonuses held (micro-USDT), for the
-- metrics' gauges: they start from what the tables hold, and from here on the rules bump them with
-- the rows they count. drizzle-kit writes no data changes.
INSERT INTO `counters` (`name`, `value`)
	SELECT 'withdrawals_' || `status`, count(*) FROM `withdrawals` GROUP BY `status`
	ON CONFLICT (`name`) DO UPDATE SET `value` = excluded.`value`;--> statement-breakpoint
INSERT INTO `counters` (`name`, `value`)
	SELECT 'referral_bonuses_held', sum(`amount`) FROM `referral_holds` WHERE `status` = 'held' HAVING count(*) > 0
	ON CONFLICT (`name`) DO UPDATE SET `value` = excluded.`value`;

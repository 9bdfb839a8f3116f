CREATE TABLE `rank_counts` (
	`category` text NOT NULL,
	`block` integer NOT NULL,
	`score` integer NOT NULL,
	`users` integer NOT NULL,
	PRIMARY KEY(`category`, `block`, `score`)
);
--> statement-breakpoint
CREATE INDEX `rank_counts_score_idx` ON `rank_counts` (`category`,`score`,`block`);--> statement-breakpoint
DROP INDEX `users_earnings_order_idx`;--> statement-breakpoint
DROP INDEX `users_referrals_order_idx`;--> statement-breakpoint
DROP INDEX `users_activity_order_idx`;--> statement-breakpoint
DROP INDEX `users_banned_idx`;--> statement-breakpoint
CREATE INDEX `users_earnings_rank_idx` ON `users` ("total_earned" desc,`id`,`is_banned`);--> statement-breakpoint
CREATE INDEX `users_referrals_rank_idx` ON `users` ("qualified_referrals" desc,`id`,`is_banned`);--> statement-breakpoint
CREATE INDEX `users_activity_rank_idx` ON `users` ("tasks_completed" desc,`id`,`is_banned`);
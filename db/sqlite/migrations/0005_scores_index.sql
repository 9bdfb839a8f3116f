DROP INDEX `users_earnings_rank_idx`;--> statement-breakpoint
DROP INDEX `users_referrals_rank_idx`;--> statement-breakpoint
DROP INDEX `users_activity_rank_idx`;--> statement-breakpoint
CREATE INDEX `users_scores_idx` ON `users` (`id`,`is_banned`,`total_earned`,`qualified_referrals`,`tasks_completed`);
DROP INDEX `users_earnings_rank_idx`;--> statement-breakpoint
DROP INDEX `users_referrals_rank_idx`;--> statement-breakpoint
DROP INDEX `users_activity_rank_idx`;--> statement-breakpoint
CREATE INDEX `users_earnings_order_idx` ON `users` ("total_earned" desc,`id`);--> statement-breakpoint
CREATE INDEX `users_referrals_order_idx` ON `users` ("qualified_referrals" desc,`id`);--> statement-breakpoint
CREATE INDEX `users_activity_order_idx` ON `users` ("tasks_completed" desc,`id`);--> statement-breakpoint
CREATE INDEX `users_banned_idx` ON `users` (`id`) WHERE "users"."is_banned" = 1;
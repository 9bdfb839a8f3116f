CREATE TABLE `admins` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`token_version` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admins_email_unique` ON `admins` (`email`);--> statement-breakpoint
CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` integer,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` integer,
	`detail` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `broadcast_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`broadcast_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claim_token` text,
	`claimed_at` integer,
	`last_error` text,
	`sent_at` integer,
	FOREIGN KEY (`broadcast_id`) REFERENCES `broadcasts`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `broadcast_deliveries_status_idx` ON `broadcast_deliveries` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `broadcast_deliveries_claim_idx` ON `broadcast_deliveries` (`claim_token`);--> statement-breakpoint
CREATE TABLE `broadcasts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message` text NOT NULL,
	`created_by` integer,
	`total` integer DEFAULT 0 NOT NULL,
	`sent` integer DEFAULT 0 NOT NULL,
	`failed` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `ledger` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text NOT NULL,
	`reason` text NOT NULL,
	`amount` integer NOT NULL,
	`ref_id` integer,
	`note` text,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_amount_positive" CHECK("ledger"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `ledger_user_idx` ON `ledger` (`user_id`,`id`);--> statement-breakpoint
CREATE TABLE `referrals` (
	`referred_id` integer PRIMARY KEY NOT NULL,
	`referrer_id` integer NOT NULL,
	`qualified_at` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`referred_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `referrals_referrer_idx` ON `referrals` (`referrer_id`,`referred_id`);--> statement-breakpoint
CREATE TABLE `counters` (
	`name` text PRIMARY KEY NOT NULL,
	`value` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `daily_stats` (
	`day` text PRIMARY KEY NOT NULL,
	`registrations` integer DEFAULT 0 NOT NULL,
	`completions` integer DEFAULT 0 NOT NULL,
	`active_users` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `task_completions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`task_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`reward` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `task_completions_once` ON `task_completions` (`user_id`,`task_id`,`day`);--> statement-breakpoint
CREATE INDEX `task_completions_task_idx` ON `task_completions` (`task_id`);--> statement-breakpoint
CREATE TABLE `tasks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`reward` integer NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`completion_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "tasks_reward_non_negative" CHECK("tasks"."reward" >= 0)
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`tg_id` integer NOT NULL,
	`username` text,
	`first_name` text NOT NULL,
	`last_name` text,
	`ref_code` text NOT NULL,
	`wallet_bep20` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`total_earned` integer DEFAULT 0 NOT NULL,
	`earned_today` integer DEFAULT 0 NOT NULL,
	`earned_day` text,
	`referral_earned` integer DEFAULT 0 NOT NULL,
	`qualified_referrals` integer DEFAULT 0 NOT NULL,
	`total_invited` integer DEFAULT 0 NOT NULL,
	`tasks_completed` integer DEFAULT 0 NOT NULL,
	`daily_tasks_completed` integer DEFAULT 0 NOT NULL,
	`channel_joined` integer DEFAULT false NOT NULL,
	`current_streak` integer DEFAULT 0 NOT NULL,
	`last_daily_day` text,
	`last_active_day` text,
	`last_activity_at` integer,
	`is_banned` integer DEFAULT false NOT NULL,
	`ban_reason` text,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	CONSTRAINT "users_balance_non_negative" CHECK("users"."balance" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_tg_id_unique` ON `users` (`tg_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_ref_code_unique` ON `users` (`ref_code`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_wallet_unique` ON `users` (lower("wallet_bep20"));--> statement-breakpoint
CREATE INDEX `users_username_lower_idx` ON `users` (lower("username"));--> statement-breakpoint
CREATE INDEX `users_earnings_rank_idx` ON `users` ("total_earned" desc,`id`);--> statement-breakpoint
CREATE INDEX `users_referrals_rank_idx` ON `users` ("qualified_referrals" desc,`id`);--> statement-breakpoint
CREATE INDEX `users_activity_rank_idx` ON `users` ("tasks_completed" desc,`id`);--> statement-breakpoint
CREATE TABLE `withdrawals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`address` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`tx_hash` text,
	`fail_reason` text,
	`processed_by` integer,
	`created_at` integer NOT NULL,
	`processed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`processed_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "withdrawals_amount_positive" CHECK("withdrawals"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `withdrawals_status_idx` ON `withdrawals` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `withdrawals_user_idx` ON `withdrawals` (`user_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_one_open_per_user` ON `withdrawals` (`user_id`) WHERE "withdrawals"."status" in ('pending', 'approved');
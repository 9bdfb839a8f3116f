CREATE TABLE `client_sightings` (
	`user_id` integer NOT NULL,
	`client` text NOT NULL,
	`address` text NOT NULL,
	`user_agent` text NOT NULL,
	`seen_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `client`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `client_sightings_client_idx` ON `client_sightings` (`client`,`user_id`);--> statement-breakpoint
CREATE TABLE `payout_days` (
	`day` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `referral_holds` (
	`referred_id` integer NOT NULL,
	`reason` text NOT NULL,
	`referrer_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'held' NOT NULL,
	`release_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	`settled_at` integer,
	PRIMARY KEY(`referred_id`, `reason`),
	FOREIGN KEY (`referred_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`referrer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "referral_holds_amount_positive" CHECK("referral_holds"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `referral_holds_due_idx` ON `referral_holds` (`status`,`release_at`);--> statement-breakpoint
CREATE INDEX `referral_holds_referrer_idx` ON `referral_holds` (`referrer_id`);--> statement-breakpoint
CREATE TABLE `risk_signals` (
	`user_id` integer NOT NULL,
	`name` text NOT NULL,
	`weight` integer NOT NULL,
	`evidence` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `name`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
DROP INDEX `withdrawals_one_open_per_user`;--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_one_open_per_user` ON `withdrawals` (`user_id`) WHERE "withdrawals"."status" in ('review', 'pending', 'approved');--> statement-breakpoint
ALTER TABLE `broadcasts` ADD `texts` text;--> statement-breakpoint
ALTER TABLE `users` ADD `held_balance` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `language` text;--> statement-breakpoint
ALTER TABLE `users` ADD `tg_language` text;--> statement-breakpoint
ALTER TABLE `users` ADD `is_premium` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `risk_score` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `risk_status` text;--> statement-breakpoint
CREATE INDEX `users_risk_idx` ON `users` (`risk_status`,`id`) WHERE "users"."risk_status" is not null;
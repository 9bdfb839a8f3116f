DROP INDEX `users_wallet_unique`;--> statement-breakpoint
CREATE INDEX `users_wallet_idx` ON `users` (lower("wallet_bep20"));--> statement-breakpoint
ALTER TABLE `broadcasts` ADD `stopped_at` integer;--> statement-breakpoint
ALTER TABLE `broadcasts` ADD `stop_reason` text;
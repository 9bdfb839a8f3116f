CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_tx_hash_unique` ON `withdrawals` (lower("tx_hash")) WHERE "withdrawals"."tx_hash" is not null;
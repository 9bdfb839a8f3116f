-- Sending payouts from a hot wallet (PAYOUT_KEY_FILE): each signed transfer kept with its nonce and
-- raw bytes before it is broadcast, at most one live per withdrawal, and the wallet's next nonce in one
-- row the fleet advances as it records a transfer. drizzle-kit writes no comments.
CREATE TABLE `payout_sends` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`withdrawal_id` integer NOT NULL,
	`wallet` text NOT NULL,
	`nonce` integer NOT NULL,
	`amount` integer NOT NULL,
	`raw_tx` text NOT NULL,
	`tx_hash` text NOT NULL,
	`state` text DEFAULT 'signed' NOT NULL,
	`evidence` text,
	`signed_by` integer,
	`signed_at` integer NOT NULL,
	`sent_at` integer,
	`settled_at` integer,
	FOREIGN KEY (`withdrawal_id`) REFERENCES `withdrawals`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`signed_by`) REFERENCES `admins`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payout_sends_tx_hash_unique` ON `payout_sends` (`tx_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_sends_nonce_unique` ON `payout_sends` (`wallet`,`nonce`);--> statement-breakpoint
CREATE UNIQUE INDEX `payout_sends_one_live` ON `payout_sends` (`withdrawal_id`) WHERE "payout_sends"."state" in ('signed', 'sent', 'mined');--> statement-breakpoint
CREATE INDEX `payout_sends_state_idx` ON `payout_sends` (`state`,`id`);--> statement-breakpoint
CREATE INDEX `payout_sends_signed_at_idx` ON `payout_sends` (`wallet`,`signed_at`);--> statement-breakpoint
CREATE TABLE `payout_wallets` (
	`address` text PRIMARY KEY NOT NULL,
	`next_nonce` integer NOT NULL,
	`updated_at` integer NOT NULL
);

-- Payouts checked on chain (BSC_RPC_URL): a status for a payout waiting for its confirmations, and
-- what the check found. Every payout so far was typed in unchecked, so tx_checked stays false for
-- them and the panel says so; none is confirming yet, so that counter starts absent (0), and the
-- one-unfinished-request index now counts confirming ones too. drizzle-kit writes no comments.
DROP INDEX `withdrawals_one_open_per_user`;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `tx_checked` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `tx_block` integer;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `tx_block_hash` text;--> statement-breakpoint
ALTER TABLE `withdrawals` ADD `return_reason` text;--> statement-breakpoint
CREATE UNIQUE INDEX `withdrawals_one_open_per_user` ON `withdrawals` (`user_id`) WHERE "withdrawals"."status" in ('review', 'pending', 'approved', 'confirming');
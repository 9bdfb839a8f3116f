-- Payouts checked on chain (BSC_RPC_URL): a status for a payout waiting for its confirmations, and
-- what the check found. Every payout so far was typed in unchecked, so tx_checked stays false for
-- them and the panel says so; none is confirming yet, so that counter starts absent (0), and the
-- one-unfinished-request index now counts confirming ones too. drizzle-kit writes no comments.
ALTER TABLE "counters" DROP CONSTRAINT "counters_name_valid";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_valid";--> statement-breakpoint
DROP INDEX "withdrawals_one_open_per_user";--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_checked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_block" bigint;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "tx_block_hash" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "return_reason" text;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_open_per_user" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" in ('review', 'pending', 'approved', 'confirming');--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_name_valid" CHECK ("counters"."name" in ('total_users', 'verified_joins', 'withdrawals_review', 'withdrawals_pending', 'withdrawals_approved', 'withdrawals_confirming', 'withdrawals_paid', 'withdrawals_rejected', 'referral_bonuses_held', 'settings_version'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('review', 'pending', 'approved', 'confirming', 'paid', 'rejected'));
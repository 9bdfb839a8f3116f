DROP INDEX "users_wallet_unique";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "stopped_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "stop_reason" text;--> statement-breakpoint
CREATE INDEX "users_wallet_idx" ON "users" USING btree ((lower("wallet_bep20") collate "C"));
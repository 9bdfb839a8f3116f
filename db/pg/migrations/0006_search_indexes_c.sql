DROP INDEX "users_wallet_unique";--> statement-breakpoint
DROP INDEX "users_username_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_wallet_unique" ON "users" USING btree ((lower("wallet_bep20") collate "C"));--> statement-breakpoint
CREATE INDEX "users_username_lower_idx" ON "users" USING btree ((lower("username") collate "C"));
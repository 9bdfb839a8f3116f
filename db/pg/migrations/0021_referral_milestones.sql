-- The milestone's own rows, paid and held, by referrer: whether a referrer has had it is asked at
-- every qualification past the target (domain/referrals.ts). drizzle-kit writes no comments.
CREATE INDEX "ledger_milestones_idx" ON "ledger" USING btree ("user_id") WHERE "ledger"."reason" = 'referral_milestone';--> statement-breakpoint
CREATE INDEX "referral_holds_milestones_idx" ON "referral_holds" USING btree ("referrer_id") WHERE "referral_holds"."reason" = 'referral_milestone';
-- The referrals still waiting to qualify, which every completion asks about (db/pg/schema/referrals.ts).
-- drizzle-kit writes no comments.
CREATE INDEX "referrals_pending_idx" ON "referrals" USING btree ("referred_id") WHERE "referrals"."qualified_at" is null;
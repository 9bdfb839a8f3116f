ALTER TABLE "counters" DROP CONSTRAINT "counters_name_valid";--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_name_valid" CHECK ("counters"."name" in ('total_users', 'verified_joins', 'withdrawals_review', 'withdrawals_pending', 'withdrawals_approved', 'withdrawals_paid', 'withdrawals_rejected', 'referral_bonuses_held'));--> statement-breakpoint
-- Counters of the withdrawals in each status and of the referral bonuses held (micro-USDT), for the
-- metrics' gauges: they start from what the tables hold, and from here on the rules bump them with
-- the rows they count.
INSERT INTO "counters" ("name", "slot", "value")
	SELECT 'withdrawals_' || "status", 0, count(*) FROM "withdrawals" GROUP BY "status"
	ON CONFLICT ("name", "slot") DO UPDATE SET "value" = excluded."value";--> statement-breakpoint
INSERT INTO "counters" ("name", "slot", "value")
	SELECT 'referral_bonuses_held', 0, sum("amount")::int8 FROM "referral_holds" WHERE "status" = 'held' HAVING count(*) > 0
	ON CONFLICT ("name", "slot") DO UPDATE SET "value" = excluded."value";

CREATE TABLE "client_sightings" (
	"user_id" integer NOT NULL,
	"client" text NOT NULL,
	"address" text NOT NULL,
	"user_agent" text NOT NULL,
	"seen_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "client_sightings_user_id_client_pk" PRIMARY KEY("user_id","client")
);
--> statement-breakpoint
CREATE TABLE "payout_days" (
	"day" text PRIMARY KEY NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_holds" (
	"referred_id" integer NOT NULL,
	"reason" text NOT NULL,
	"referrer_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"release_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"settled_at" timestamp (3) with time zone,
	CONSTRAINT "referral_holds_referred_id_reason_pk" PRIMARY KEY("referred_id","reason"),
	CONSTRAINT "referral_holds_amount_positive" CHECK ("referral_holds"."amount" > 0),
	CONSTRAINT "referral_holds_reason_valid" CHECK ("referral_holds"."reason" in ('referral_bonus', 'referral_milestone')),
	CONSTRAINT "referral_holds_status_valid" CHECK ("referral_holds"."status" in ('held', 'released', 'forfeited', 'reversed'))
);
--> statement-breakpoint
CREATE TABLE "risk_signals" (
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"weight" integer NOT NULL,
	"evidence" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "risk_signals_user_id_name_pk" PRIMARY KEY("user_id","name")
);
--> statement-breakpoint
ALTER TABLE "ledger" DROP CONSTRAINT "ledger_reason_valid";--> statement-breakpoint
ALTER TABLE "withdrawals" DROP CONSTRAINT "withdrawals_status_valid";--> statement-breakpoint
DROP INDEX "withdrawals_one_open_per_user";--> statement-breakpoint
ALTER TABLE "broadcasts" ADD COLUMN "texts" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_balance" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tg_language" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_premium" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "risk_status" text;--> statement-breakpoint
ALTER TABLE "client_sightings" ADD CONSTRAINT "client_sightings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_referred_id_users_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_holds" ADD CONSTRAINT "referral_holds_referrer_id_users_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "risk_signals" ADD CONSTRAINT "risk_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_sightings_client_idx" ON "client_sightings" USING btree ("client","user_id");--> statement-breakpoint
CREATE INDEX "referral_holds_due_idx" ON "referral_holds" USING btree ("status","release_at");--> statement-breakpoint
CREATE INDEX "referral_holds_referrer_idx" ON "referral_holds" USING btree ("referrer_id");--> statement-breakpoint
CREATE INDEX "users_risk_idx" ON "users" USING btree ("risk_status","id") WHERE "users"."risk_status" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_one_open_per_user" ON "withdrawals" USING btree ("user_id") WHERE "withdrawals"."status" in ('review', 'pending', 'approved');--> statement-breakpoint
ALTER TABLE "ledger" ADD CONSTRAINT "ledger_reason_valid" CHECK ("ledger"."reason" in ('daily_task', 'follow_channel', 'custom_task', 'referral_bonus', 'referral_milestone', 'referral_reversal', 'withdrawal', 'withdrawal_refund', 'admin_adjustment'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_balance_non_negative" CHECK ("users"."held_balance" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_risk_status_valid" CHECK ("users"."risk_status" in ('flagged', 'cleared', 'confirmed'));--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_status_valid" CHECK ("withdrawals"."status" in ('review', 'pending', 'approved', 'paid', 'rejected'));
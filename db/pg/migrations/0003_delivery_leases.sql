CREATE TABLE "broadcast_pace" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"next_batch_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "broadcast_pace_one_row" CHECK ("broadcast_pace"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" ADD COLUMN "lease_until" timestamp (3) with time zone;
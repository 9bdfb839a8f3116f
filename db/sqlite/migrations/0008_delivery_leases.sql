CREATE TABLE `broadcast_pace` (
	`id` integer PRIMARY KEY DEFAULT 1 NOT NULL,
	`next_batch_at` integer NOT NULL,
	CONSTRAINT "broadcast_pace_one_row" CHECK("broadcast_pace"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `broadcast_deliveries` ADD `lease_until` integer;
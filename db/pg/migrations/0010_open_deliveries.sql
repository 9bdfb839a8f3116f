-- Broadcast deliveries: the (status, id) index gives way to one of the pending deliveries and one
-- of those being sent (db/pg/schema/broadcasts.ts says why). Building the pending index reads the
-- whole table once, holding off new deliveries meanwhile: on a database with a long history of
-- deliveries, run this at a quiet hour.
DROP INDEX "broadcast_deliveries_status_idx";--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_pending_idx" ON "broadcast_deliveries" USING btree ("id") WHERE "broadcast_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "broadcast_deliveries_sending_idx" ON "broadcast_deliveries" USING btree ("id") WHERE "broadcast_deliveries"."status" = 'sending';
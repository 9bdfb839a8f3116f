-- Lighter writes on the two busiest paths (docs/scaling.md, Measured).
--
-- Broadcast deliveries keep only their key and (status, id): the foreign keys and the three other
-- indexes are SQLite's alone (sqliteOnlyForeignKeys and sqliteOnlyIndexes in db/pg/schema/index.ts
-- say why).
--
-- users leaves 15 % of each page free, so that a completion's updates of a user's row stay on
-- its page (a heap-only update, writing no index entry): with full pages, about four updates in
-- ten moved the row and wrote an entry into each of the table's indexes. It applies to pages
-- written from now on; `VACUUM FULL users` applies it to the rows already there.
ALTER TABLE "users" SET (fillfactor = 85);--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" DROP CONSTRAINT "broadcast_deliveries_broadcast_id_broadcasts_id_fk";
--> statement-breakpoint
ALTER TABLE "broadcast_deliveries" DROP CONSTRAINT "broadcast_deliveries_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "broadcast_deliveries_claim_idx";--> statement-breakpoint
DROP INDEX "broadcast_deliveries_user_idx";--> statement-breakpoint
DROP INDEX "broadcast_deliveries_broadcast_idx";
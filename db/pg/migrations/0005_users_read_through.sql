-- Signed-in users are no longer kept in memory on PostgreSQL, so the notice each users write sent
-- (migration 0002) goes. It cost more than the reads it saved: a transaction that has sent a
-- NOTIFY holds a lock on the notification queue through its commit, so every completion's commit,
-- disk flush included, waited for the one before it. Task changes are rare and keep their notice.
DROP TRIGGER "users_change_notice" ON "users";--> statement-breakpoint
DROP FUNCTION "notify_users_change"();

-- When each chat may next get a message, for the whole fleet: a sender takes a chat's next second
-- here before it sends, so no chat gets two messages within a second whichever instances send them.
-- drizzle-kit writes no comments.
CREATE TABLE "chat_sends" (
	"tg_id" bigint PRIMARY KEY NOT NULL,
	"free_at" timestamp (3) with time zone NOT NULL
);

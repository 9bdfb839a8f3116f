-- Hot counters split into slots (db/pg/schema/stats.ts): concurrent completions would otherwise
-- queue on today's daily_stats row, the daily task's completion count and the rank_counts rows of
-- the most common scores, each lock held until its transaction's commit is on disk. What was
-- counted before stays in slot 0 (and in tasks.completion_count), and reads add the slots up.
CREATE TABLE "task_completion_counts" (
	"task_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"completions" bigint NOT NULL,
	CONSTRAINT "task_completion_counts_task_id_slot_pk" PRIMARY KEY("task_id","slot")
);
--> statement-breakpoint
ALTER TABLE "task_completion_counts" ADD CONSTRAINT "task_completion_counts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counters" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_stats" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rank_counts" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "counters" DROP CONSTRAINT "counters_pkey";--> statement-breakpoint
ALTER TABLE "daily_stats" DROP CONSTRAINT "daily_stats_pkey";--> statement-breakpoint
ALTER TABLE "rank_counts" DROP CONSTRAINT "rank_counts_category_block_score_pk";--> statement-breakpoint
ALTER TABLE "counters" ADD CONSTRAINT "counters_name_slot_pk" PRIMARY KEY("name","slot");--> statement-breakpoint
ALTER TABLE "daily_stats" ADD CONSTRAINT "daily_stats_day_slot_pk" PRIMARY KEY("day","slot");--> statement-breakpoint
ALTER TABLE "rank_counts" ADD CONSTRAINT "rank_counts_category_block_score_slot_pk" PRIMARY KEY("category","block","score","slot");--> statement-breakpoint
-- The trigger of migration 0001, counting each change in the slot of the user's id.
CREATE OR REPLACE FUNCTION users_rank_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO rank_counts AS r (category, block, score, slot, users)
  SELECT s.category, b.block, s.score, side.slot, sum(side.delta)
  FROM (
    SELECT -1 AS delta, OLD.id AS id, OLD.id % 16 AS slot, OLD.total_earned AS earnings, OLD.qualified_referrals AS referrals, OLD.tasks_completed AS activity
      WHERE TG_OP <> 'INSERT' AND NOT OLD.is_banned
    UNION ALL
    SELECT 1, NEW.id, NEW.id % 16, NEW.total_earned, NEW.qualified_referrals, NEW.tasks_completed
      WHERE TG_OP <> 'DELETE' AND NOT NEW.is_banned
  ) AS side
  CROSS JOIN LATERAL (VALUES ('earnings', side.earnings), ('referrals', side.referrals), ('activity', side.activity)) AS s(category, score)
  CROSS JOIN LATERAL (VALUES (-1), (side.id >> 12)) AS b(block)
  GROUP BY s.category, b.block, s.score, side.slot
  HAVING sum(side.delta) <> 0
  ORDER BY s.category, b.block, s.score, side.slot
  ON CONFLICT (category, block, score, slot) DO UPDATE SET users = r.users + excluded.users;
  RETURN NULL;
END
$$;

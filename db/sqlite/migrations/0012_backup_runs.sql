CREATE TABLE `backup_runs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`finished_at` integer NOT NULL,
	`file` text NOT NULL,
	`engine` text NOT NULL,
	`schema_version` text NOT NULL,
	`bytes` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `backup_runs_finished_idx` ON `backup_runs` (`finished_at`);
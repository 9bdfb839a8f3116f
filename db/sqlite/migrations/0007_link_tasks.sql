CREATE TABLE `task_opens` (
	`user_id` integer NOT NULL,
	`task_id` integer NOT NULL,
	`period` text NOT NULL,
	`opened_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `task_id`, `period`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`task_id`) REFERENCES `tasks`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `task_opens_task_idx` ON `task_opens` (`task_id`);--> statement-breakpoint
ALTER TABLE `tasks` ADD `url` text;--> statement-breakpoint
ALTER TABLE `tasks` ADD `wait_seconds` integer DEFAULT 0 NOT NULL;
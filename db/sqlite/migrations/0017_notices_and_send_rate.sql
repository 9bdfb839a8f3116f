CREATE TABLE `notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`claim_token` text,
	`lease_until` integer,
	`last_error` text,
	`created_at` integer NOT NULL,
	`sent_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `notices_status_idx` ON `notices` (`status`,`id`);--> statement-breakpoint
CREATE INDEX `notices_claim_idx` ON `notices` (`claim_token`);--> statement-breakpoint
CREATE INDEX `notices_user_idx` ON `notices` (`user_id`);--> statement-breakpoint
ALTER TABLE `broadcast_pace` ADD `sends_at` integer;
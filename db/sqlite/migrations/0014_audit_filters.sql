CREATE INDEX `admin_audit_admin_idx` ON `admin_audit` (`admin_id`,`id`);--> statement-breakpoint
CREATE INDEX `admin_audit_action_idx` ON `admin_audit` (`action`,`id`);
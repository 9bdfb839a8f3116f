CREATE INDEX "admin_audit_admin_idx" ON "admin_audit" USING btree ("admin_id","id");--> statement-breakpoint
CREATE INDEX "admin_audit_action_idx" ON "admin_audit" USING btree ("action","id");
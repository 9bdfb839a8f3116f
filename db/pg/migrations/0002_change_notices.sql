-- Every server instance keeps signed-in users and the active tasks in memory. A write anywhere is
-- announced to all of them on the channel refbot_changes, after its commit (NOTIFY is
-- transactional), so each drops what it holds within milliseconds. Triggers rather than the
-- writers themselves: no writer (a route, the bot, the CLI, a manual UPDATE) can forget it.
-- The payload is "users:<id>" for one user, or "tasks" for the task list.
CREATE FUNCTION notify_users_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('refbot_changes', 'users:' || COALESCE(NEW.id, OLD.id));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_change_notice AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_users_change();
--> statement-breakpoint
CREATE FUNCTION notify_tasks_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('refbot_changes', 'tasks');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Per statement, and not for the completion count that every completion moves: users see the
-- task's title, reward, kind, link and whether it is active, none of which a completion changes.
CREATE TRIGGER tasks_change_notice AFTER INSERT OR DELETE OR UPDATE OF kind, title, description, reward, is_active, url, wait_seconds ON tasks
  FOR EACH STATEMENT EXECUTE FUNCTION notify_tasks_change();

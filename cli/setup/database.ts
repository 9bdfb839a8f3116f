// refbot setup's database steps, each done only when missing: the database created and migrated,
// the first admin (an owner), the starter tasks on a database with none.
import type { Config } from "@/config/env.ts";
import { openEngine } from "@/db/engine.ts";
import { addAdmin } from "@/domain/admins.ts";
import { baseDeps } from "@/domain/base-deps.ts";
import type { Task } from "@/domain/model/index.ts";
import { createStarterTasksIfNone } from "@/domain/starter-tasks.ts";

export async function prepareDatabase(config: Config, email: string, password: string) {
  const engine = await openEngine(config);
  try {
    const deps = baseDeps(engine.store, config, () => new Date());
    const { migrations } = await engine.store.health.ready();
    const existing = await engine.store.read((db) => db.admins.byEmail(email));
    const admin = existing ?? (await addAdmin(deps, email, password, "owner"));
    const tasksCreated: Task[] = await createStarterTasksIfNone(deps);
    const taskCount = (await engine.store.read((db) => db.tasks.all())).length;
    return { description: engine.description, migrations: migrations?.version ?? "none", adminCreated: !existing, adminRole: admin.role, tasksCreated, taskCount };
  } finally {
    await engine.close();
  }
}

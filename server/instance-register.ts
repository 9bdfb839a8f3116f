// This instance in the register of running instances (domain/instances.ts): added at start,
// refreshed every heartbeat, removed at a clean stop. A killed instance's row simply ages out.
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import packageJson from "@/package.json" with { type: "json" };
import type { Deps } from "@/domain/context.ts";
import { instanceAlive, instanceRules, registerInstance, removeInstance, secretFingerprint } from "@/domain/instances.ts";
import { silentLog, type Log } from "@/observe/log.ts";

export async function registerThisInstance(deps: Pick<Deps, "store" | "clock">, jwtSecret: string, { everyMs = instanceRules.heartbeatMs, log = silentLog }: { everyMs?: number; log?: Log } = {}) {
  const instance = { id: `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`, secretFingerprint: secretFingerprint(jwtSecret), version: packageJson.version, startedAt: deps.clock() };
  // Not being in the register costs only the doctor's view of the fleet: the server serves anyway.
  const said = (what: string) => (error: Error) => log.warn({ err: error, instance: instance.id }, `could not ${what} this instance in the register`);
  await registerInstance(deps, instance).catch(said("add"));
  let beating: Promise<void> | undefined;
  const timer = setInterval(() => {
    beating ??= instanceAlive(deps, instance).catch(said("refresh")).finally(() => (beating = undefined));
  }, everyMs);
  timer.unref();
  return {
    id: instance.id,
    async stop() {
      clearInterval(timer);
      await beating;
      await removeInstance(deps, instance.id).catch(said("remove"));
    },
  };
}

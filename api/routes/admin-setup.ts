// The admin panel's Setup page: the doctor's checks (configuration, database, bot, channel,
// webhook, secrets, disk, backups), run by the server on its own configuration, store and bot
// client, which the composition root hands in as `doctor`.
import { Elysia } from "elysia";
import type { adminAuth } from "@/api/plugins/admin-auth.ts";
import { summarize, type Check } from "@/domain/doctor.ts";

export type DoctorRunner = () => Promise<Check[]>;

export function adminSetupRoutes(auth: ReturnType<typeof adminAuth>, doctor: DoctorRunner) {
  return new Elysia({ prefix: "/api/admin" }).use(auth).get(
    "/setup",
    async () => {
      const checks = await doctor();
      return { checks, summary: summarize(checks) };
    },
    { admin: "setup:read" },
  );
}

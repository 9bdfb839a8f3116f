// How the panel names each role and what it allows (domain/access.ts decides what that is).
import type { AdminRole } from "@/domain/model/admins.ts";

export const roleWords: Record<AdminRole, { name: string; about: string }> = {
  owner: { name: "Owner", about: "Everything, including admins, settings and API tokens." },
  admin: { name: "Admin", about: "The daily operations: payouts, tasks, users, risk, broadcasts." },
  viewer: { name: "Viewer", about: "Read only: lists and figures, no actions." },
};

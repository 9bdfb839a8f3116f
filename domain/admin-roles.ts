// Who is which role, and an owner changing it. At least one owner always remains: the owners are
// counted and the role written in one transaction, with the owners' rows held (lockOwners), so
// two owners demoting each other at once leave one of them.
import type { Admin, AdminRole } from "@/domain/model/index.ts";
import type { Deps } from "./context.ts";
import { AppError, notFound } from "./errors.ts";

/** Every admin with their role, oldest first; never a password hash. */
export async function listAdmins(deps: Pick<Deps, "store">) {
  const admins = await deps.store.read((db) => db.admins.list());
  return admins.map(({ id, email, role, createdAt }) => ({ id, email, role, createdAt }));
}

/** An admin named by id or e-mail, as the CLI and the panel name them. */
export async function findAdmin(deps: Pick<Deps, "store">, idOrEmail: number | string): Promise<Admin> {
  const admin = await deps.store.read((db) => (typeof idOrEmail === "number" ? db.admins.byId(idOrEmail) : db.admins.byEmail(idOrEmail.trim().toLowerCase())));
  if (!admin) throw notFound(`Admin ${idOrEmail}`);
  return admin;
}

export async function setAdminRole(deps: Pick<Deps, "store" | "clock">, by: Pick<Admin, "id">, id: number, role: AdminRole) {
  const at = deps.clock();
  const admin = await deps.store.transaction(function* (db) {
    const owners = yield* db.admins.lockOwners();
    const before = yield* db.admins.byId(id);
    if (!before) throw notFound(`Admin ${id}`);
    if (before.role === role) return before;
    if (before.role === "owner" && owners.length <= 1) {
      throw new AppError("LAST_OWNER", `${before.email} is the last owner: make another admin an owner first`);
    }
    const after = yield* db.admins.setRole(id, role);
    if (!after) throw notFound(`Admin ${id}`);
    yield* db.audit.insert({ adminId: by.id, action: "admin.role", targetType: "admin", targetId: id, detail: { email: after.email, from: before.role, to: role }, at });
    return after;
  });
  return { id: admin.id, email: admin.email, role: admin.role, createdAt: admin.createdAt };
}

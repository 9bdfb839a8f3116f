// Mini-app user authentication: Telegram's signed init data, or in demo mode a plain id.
// Routes opt in with `{ user: true }` and receive the registered `user` row.
import { Elysia } from "elysia";
import type { Deps } from "../domain/context.ts";
import { AppError } from "../domain/errors.ts";
import { createInitDataVerifier } from "../domain/init-data.ts";
import { findUserByTgId, registerUser } from "../domain/users.ts";

export function userAuth(deps: Deps, initDataKey: Buffer) {
  const verify = createInitDataVerifier(initDataKey, deps.config.initDataMaxAge);
  return new Elysia({ name: "user-auth" }).macro({
    user: {
      resolve({ headers, query }) {
        const raw = headers["x-telegram-init-data"];
        if (raw) {
          const data = verify(raw, deps.clock());
          const profile = {
            tgId: data.user.id,
            firstName: data.user.first_name,
            lastName: data.user.last_name,
            username: data.user.username,
          };
          return { user: registerUser(deps, profile, data.startParam).user };
        }
        const plainId = headers["x-telegram-id"] ?? (query as Record<string, string | undefined>).tgUserId;
        if (plainId !== undefined) {
          if (!deps.config.demoMode) {
            throw new AppError("UNAUTHORIZED", "Open the app from the bot: a plain Telegram id is accepted only in demo mode");
          }
          const tgId = Number(plainId);
          const user = Number.isSafeInteger(tgId) && tgId > 0 ? findUserByTgId(deps, tgId) : undefined;
          if (!user) throw new AppError("UNAUTHORIZED", `No user with Telegram id ${plainId}: send /start to the bot first`);
          return { user };
        }
        throw new AppError("UNAUTHORIZED", "Open the app from the bot: no Telegram init data was sent");
      },
    },
  });
}

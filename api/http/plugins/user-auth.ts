// Mini-app user authentication: Telegram's signed init data, or in demo mode a plain id.
// Routes opt in with `{ user: true }` and receive the registered `user` row.
import { Elysia } from "elysia";
import type { User } from "@/db/schema/index.ts";
import type { Deps } from "@/domain/context.ts";
import { AppError } from "@/domain/errors.ts";
import { createInitDataVerifier } from "@/domain/init-data.ts";
import { findUserByTgId, registerUser } from "@/domain/users.ts";

const noIdentity = () => new AppError("UNAUTHORIZED", "Open the app from the bot: no Telegram init data was sent");

export function userAuth(deps: Deps, initDataKey: Buffer) {
  const verify = createInitDataVerifier(initDataKey, deps.config.initDataMaxAge);
  const signedIn = new WeakMap<Request, User>();

  async function authenticate(headers: Record<string, string | undefined>, query: Record<string, string | undefined>): Promise<User> {
    const raw = headers["x-telegram-init-data"];
    if (raw) {
      const data = verify(raw, deps.clock());
      const profile = {
        tgId: data.user.id,
        firstName: data.user.first_name,
        lastName: data.user.last_name,
        username: data.user.username,
      };
      return (await registerUser(deps, profile, data.startParam)).user;
    }
    const plainId = headers["x-telegram-id"] ?? query.tgUserId;
    if (plainId !== undefined) {
      if (!deps.config.demoMode) {
        throw new AppError("UNAUTHORIZED", "Open the app from the bot: a plain Telegram id is accepted only in demo mode");
      }
      const tgId = Number(plainId);
      const user = Number.isSafeInteger(tgId) && tgId > 0 ? await findUserByTgId(deps, tgId) : undefined;
      if (!user) throw new AppError("UNAUTHORIZED", `No user with Telegram id ${plainId}: send /start to the bot first`);
      return user;
    }
    throw noIdentity();
  }

  return new Elysia({ name: "user-auth" }).macro({
    user: {
      // Checked before the request is validated, as admin routes are, so a caller without an
      // identity learns nothing about a route's input (401, not 400); resolve hands the user on.
      async transform({ headers, query, request }) {
        signedIn.set(request, await authenticate(headers, query as Record<string, string | undefined>));
      },
      resolve({ request }) {
        const user = signedIn.get(request);
        if (!user) throw noIdentity();
        return { user };
      },
    },
  });
}

// Mini-app user authentication: Telegram's signed init data, or in demo mode a plain id.
// Routes opt in with `{ user: true }` and receive the registered `user` row.
import { Elysia } from "elysia";
import type { User } from "@/domain/model/index.ts";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import { AppError } from "@/domain/errors.ts";
import { createInitDataVerifier } from "@/domain/init-data.ts";
import { noteClient } from "@/domain/risk.ts";
import { findUserByTgId, registerUser, userLanguage } from "@/domain/users.ts";
import { signedInAs } from "@/observe/request-context.ts";
import type { clientAddressResolver } from "./client-address.ts";
import { answerUserIn } from "./errors.ts";

const noIdentity = () => new AppError("UNAUTHORIZED", "Open the app from the bot: no Telegram init data was sent");
const unauthorized = (message: string, variant: string, values?: Record<string, string>) => new AppError("UNAUTHORIZED", message, {}, { variant, values });

export function userAuth(deps: Deps<Config>, initDataKey: Buffer, addressOf: ReturnType<typeof clientAddressResolver>) {
  const verify = createInitDataVerifier(initDataKey, deps.config.initDataMaxAge);
  const signedIn = new WeakMap<Request, User>();

  async function authenticate(headers: Record<string, string | undefined>, query: Record<string, string | undefined>, client: () => string): Promise<User> {
    const raw = headers["x-telegram-init-data"];
    if (raw) {
      const data = verify(raw, deps.clock());
      const profile = {
        tgId: data.user.id,
        firstName: data.user.first_name,
        lastName: data.user.last_name,
        username: data.user.username,
        isPremium: data.user.is_premium === true,
        languageCode: data.user.language_code,
      };
      const { user } = await registerUser(deps, profile, data.startParam);
      // Where the mini app is opened from is a farm's tell (accounts sharing a client).
      await noteClient(deps, user, client, headers["user-agent"]);
      return user;
    }
    const plainId = headers["x-telegram-id"] ?? query.tgUserId;
    if (plainId !== undefined) {
      if (!deps.config.demoMode) {
        throw unauthorized("Open the app from the bot: a plain Telegram id is accepted only in demo mode", "demo_only");
      }
      const tgId = Number(plainId);
      const user = Number.isSafeInteger(tgId) && tgId > 0 ? await findUserByTgId(deps, tgId) : undefined;
      if (!user) throw unauthorized(`No user with Telegram id ${plainId}: send /start to the bot first`, "unknown_user", { tgId: plainId });
      return user;
    }
    throw noIdentity();
  }

  return new Elysia({ name: "user-auth" }).macro({
    user: {
      // What the API's description says these routes need (see openapi-document.ts).
      detail: { security: [{ telegramInitData: [] }] },
      // Checked before the request is validated, as admin routes are, so a caller without an
      // identity learns nothing about a route's input (401, not 400); resolve hands the user on.
      async transform({ headers, query, request, server }) {
        const user = await authenticate(headers, query as Record<string, string | undefined>, () => addressOf(request, server));
        signedIn.set(request, user);
        signedInAs({ userId: user.id });
        answerUserIn(request, userLanguage(user));
      },
      resolve({ request }) {
        const user = signedIn.get(request);
        if (!user) throw noIdentity();
        return { user };
      },
    },
  });
}

// Mini-app user authentication: Telegram's signed init data, or in demo mode a plain id.
// Routes opt in with `{ user: true }` and receive the registered `user` row.
import { Elysia } from "elysia";
import type { User } from "@/domain/model/index.ts";
import type { Deps } from "@/domain/context.ts";
import type { Config } from "@/config/env.ts";
import { AppError } from "@/domain/errors.ts";
import { createInitDataVerifier, initDataHeader, type InitData } from "@/domain/init-data.ts";
import { lookAtClient, noteClient } from "@/domain/risk.ts";
import { findUserByTgId, keptUserByTgId, profileIsCurrent, registerUser, userLanguage, type TelegramProfile } from "@/domain/users.ts";
import { signedInAs } from "@/observe/request-context.ts";
import { answerUserIn } from "./errors.ts";

const noIdentity = () => new AppError("UNAUTHORIZED", "Open the app from the bot: no Telegram init data was sent");
const unauthorized = (message: string, variant: string, values?: Record<string, string>) => new AppError("UNAUTHORIZED", message, {}, { variant, values });

/** What init data says of its user, as the rules take it: made once per launch, as the data is checked once. */
const profileOf = (data: InitData): TelegramProfile => ({
  tgId: data.user.id,
  firstName: data.user.first_name,
  lastName: data.user.last_name,
  username: data.user.username,
  isPremium: data.user.is_premium === true,
  languageCode: data.user.language_code,
});

export type UserSignIn = ReturnType<typeof userSignIn>;

/**
 * How a mini-app request's user is known. `addressOf`: the client a request comes from
 * (client-address.ts), asked only when a client is looked at.
 */
export function userSignIn(deps: Deps<Config>, initDataKey: Buffer, addressOf: (request: Request) => string) {
  const verify = createInitDataVerifier(initDataKey, deps.config.initDataMaxAge);
  const profiles = new WeakMap<InitData, TelegramProfile>();

  /** Who a launch's init data names, once it is checked: the kept user when Telegram still describes them so, else read, registered or updated. */
  function launched(raw: string): { user: User } | { profile: TelegramProfile; startParam?: string } {
    const data = verify(raw, deps.clock());
    let profile = profiles.get(data);
    if (!profile) profiles.set(data, (profile = profileOf(data)));
    const kept = keptUserByTgId(deps, profile.tgId);
    return kept && profileIsCurrent(kept, profile) ? { user: kept } : { profile, startParam: data.startParam };
  }

  /** What the request's init data says, when it has valid init data; a refusal is `of`'s to answer. */
  function validLaunch(request: Request): ReturnType<typeof launched> | undefined {
    const raw = request.headers.get(initDataHeader);
    if (!raw) return undefined;
    try {
      return launched(raw);
    } catch {
      return undefined;
    }
  }

  /** The launch's user when the request needs nothing written for them: Telegram describes them as their row does, and their client leaves no sighting to record. */
  const unchanged = (request: Request, user: User | undefined, profile?: TelegramProfile): User | undefined =>
    user && (!profile || profileIsCurrent(user, profile)) && !lookAtClient(deps, user, () => addressOf(request), request.headers.get("user-agent") ?? undefined) ? user : undefined;

  /** Demo mode's sign-in by a plain Telegram id, refused anywhere else. */
  async function demoUser(request: Request, query: Record<string, string | undefined>): Promise<User> {
    const plainId = request.headers.get("x-telegram-id") ?? query.tgUserId;
    if (plainId === undefined) throw noIdentity();
    if (!deps.config.demoMode) {
      throw unauthorized("Open the app from the bot: a plain Telegram id is accepted only in demo mode", "demo_only");
    }
    const tgId = Number(plainId);
    const user = Number.isSafeInteger(tgId) && tgId > 0 ? await findUserByTgId(deps, tgId) : undefined;
    if (!user) throw unauthorized(`No user with Telegram id ${plainId}: send /start to the bot first`, "unknown_user", { tgId: plainId });
    return user;
  }

  // A read `read` found failing, for `of` to answer as it is handed the same request: read again,
  // a database that is away would keep each request waiting twice.
  const failedReads = new WeakMap<Request, unknown>();

  return {
    /** The request's user: registered or updated from its init data if need be, its client looked at; demo mode's by id. */
    async of(request: Request, query: Record<string, string | undefined>): Promise<User> {
      if (failedReads.has(request)) throw failedReads.get(request);
      // Read from the request, not from Elysia's `headers`: naming those makes every user route
      // copy all of a request's headers into an object first.
      const raw = request.headers.get(initDataHeader);
      if (!raw) return demoUser(request, query);
      // A user kept from an earlier request costs no read and no turn of the event loop.
      const found = launched(raw);
      const user = "user" in found ? found.user : (await registerUser(deps, found.profile, found.startParam)).user;
      // Where the mini app is opened from is a farm's tell (accounts sharing a client).
      await noteClient(deps, user, () => addressOf(request), request.headers.get("user-agent") ?? undefined);
      return user;
    },

    /**
     * The request's user when `of` would find them with nothing to write, read or wait for: valid
     * init data of a kept user Telegram still describes so, whose client (looked at here when a
     * look is due) leaves no sighting to record. Else undefined, refusals included (`of` answers those).
     */
    kept(request: Request): User | undefined {
      const found = validLaunch(request);
      return found && "user" in found ? unchanged(request, found.user) : undefined;
    },

    /** Whether `read` is the way to a user: where the store keeps none, so `kept` finds none. */
    reads: !deps.store.changes.keepsUsers,

    /**
     * The request's user as `of` would find them with nothing to write, read from the database:
     * where no users are kept (`reads`). Else undefined, refusals included, and a failed read
     * rejects (`of` answers those, a failed read with its error, without reading again).
     */
    async read(request: Request): Promise<User | undefined> {
      const found = validLaunch(request);
      if (!found) return undefined;
      if ("user" in found) return unchanged(request, found.user);
      let user: User | undefined;
      try {
        user = await findUserByTgId(deps, found.profile.tgId);
      } catch (error) {
        failedReads.set(request, error);
        throw error;
      }
      return unchanged(request, user, found.profile);
    },
  };
}

export function userAuth(signIn: UserSignIn) {
  const signedIn = new WeakMap<Request, User>();
  return new Elysia({ name: "user-auth" }).macro({
    user: {
      // What the API's description says these routes need (see openapi-document.ts).
      detail: { security: [{ telegramInitData: [] }] },
      // Checked before the request is validated, as admin routes are, so a caller without an
      // identity learns nothing about a route's input (401, not 400); resolve hands the user on.
      async transform({ query, request }) {
        const user = await signIn.of(request, query as Record<string, string | undefined>);
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

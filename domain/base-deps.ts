// The dependencies a process starts from once it has a store: the system's clock, the caches made
// with that store, and, for a process without a bot (the CLI's local commands, a demo server), a
// membership check that lets everyone through and a notifier that tells nobody. The server hands
// in the bot's own checker and notifier when it has one.
import { makeCaches } from "./caches.ts";
import type { Deps, DomainConfig } from "./context.ts";
import { demoMembershipChecker } from "./membership.ts";
import { silentNotifier } from "./notifier.ts";
import type { Store } from "./store.ts";

export function baseDeps<C extends DomainConfig>(store: Store, config: C, overrides: Partial<Deps<C>> = {}): Deps<C> {
  return {
    store,
    config,
    clock: () => new Date(),
    membership: demoMembershipChecker(),
    notifier: silentNotifier,
    caches: makeCaches(store),
    ...overrides,
  };
}

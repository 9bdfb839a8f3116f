// The dependencies a process starts from once it has a store and a clock: the caches made with
// that store, and, for a process without a bot (the CLI's local commands, a demo server), a
// membership check that lets everyone through and an event sink that hears nothing (events.ts),
// and the settings watched on that store (settings-source.ts). The server hands in the bot's own
// checker when it has one, and the sink its metrics and logs listen on. The clock comes from whoever starts the
// process: the domain never reads the system's.
import { makeCaches } from "./caches.ts";
import type { Clock, Deps, DomainConfig } from "./context.ts";
import { silentEvents } from "./events.ts";
import { demoMembershipChecker } from "./membership.ts";
import { watchSettings } from "./settings-source.ts";
import type { Store } from "./store.ts";

export function baseDeps<C extends DomainConfig>(store: Store, config: C, clock: Clock, overrides: Partial<Deps<C>> = {}): Deps<C> {
  return {
    store,
    config,
    clock,
    membership: demoMembershipChecker(),
    caches: makeCaches(store),
    events: silentEvents,
    ...overrides,
    settings: overrides.settings ?? watchSettings(store, config, { log: overrides.log }),
  };
}

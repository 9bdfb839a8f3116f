// Counts the confirmations of payouts waiting for them (domain/payout-confirmations.ts) every few
// seconds on the instance that leads the fleet. Each move is conditional on the request still
// confirming, so a second instance running it meanwhile moves nothing twice and tells no user twice.
// With a hot wallet, its transfers on their way are recovered first (domain/payout-send-recovery.ts):
// found mined, sent again byte for byte, or proven dropped.
import type { PayoutChain } from "@/domain/chain.ts";
import type { Deps } from "@/domain/context.ts";
import { AppError } from "@/domain/errors.ts";
import { confirmPayouts } from "@/domain/payout-confirmations.ts";
import { recoverSends } from "@/domain/payout-send-recovery.ts";
import { silentLog, type Log } from "@/observe/log.ts";
import { leaderChore, type Chore } from "./leader-chore.ts";

export function startPayoutConfirmations(deps: Deps, chain: PayoutChain, { leading = () => true, everyMs = 5_000, log = silentLog }: { leading?: () => boolean; everyMs?: number; log?: Log } = {}): Chore {
  // The RPC away is said once when it goes and once when it is back, not every few seconds.
  let chainAway = false;
  return leaderChore(
    () =>
      (chain.wallet ? recoverSends(deps, { ...chain, wallet: chain.wallet }) : Promise.resolve(undefined))
        .then((recovered) => {
          if (recovered?.resent.length) log.info({ withdrawalIds: recovered.resent }, "hot wallet transfers sent again (the same signed bytes)");
          return confirmPayouts(deps, chain);
        })
        .then((report) => {
          if (chainAway) log.info("the chain's RPC answers again: payouts waiting for confirmations are counted again");
          chainAway = false;
          if (report.paid.length) log.info({ withdrawalIds: report.paid }, "payouts confirmed on chain: paid");
        })
        .catch((error: Error) => {
          if (error instanceof AppError && error.code === "CHAIN_UNAVAILABLE") {
            if (!chainAway) log.warn({ err: error }, "the chain's RPC does not answer: payouts waiting for confirmations wait longer");
            chainAway = true;
            return;
          }
          log.error({ err: error }, "counting payout confirmations failed");
        }),
    { leading, everyMs },
  );
}

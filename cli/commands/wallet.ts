// refbot wallet status: the server's hot wallet (PAYOUT_KEY_FILE), as GET /api/admin/wallet says it.
import { Command } from "commander";
import { z } from "zod";
import { requireClient } from "@/cli/session.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import { colors } from "@/cli/output/colors.ts";

const status = new Command("status")
  .description("the hot wallet: address, BNB and USDT balances, next nonce, today's total against the cap")
  .option(...jsonOption)
  .addHelpText("after", "\nExample:\n  $ refbot wallet status")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    emit(await client.walletStatus(), opts, (w) => {
      const nonce = w.nextNonce.database !== null && w.nextNonce.database > w.nextNonce.chain ? `${w.nextNonce.chain} on chain, ${w.nextNonce.database} in the database` : String(w.nextNonce.chain);
      const lines: [string, string][] = [
        ["address", w.address],
        ["BNB", w.bnb],
        ["USDT", w.usdt],
        ["next nonce", nonce],
        ["today", `${w.sentToday} of ${w.dailyLimit} USDT (largest transfer ${w.maxTransfer})`],
      ];
      if (w.unsettled > 0) lines.push(["on the way", colors.yellow(`${w.unsettled} transfer(s) not yet mined`)]);
      return lines.map(([k, v]) => `${k.padEnd(11)} ${v}`).join("\n");
    });
  });

export const walletCommand = new Command("wallet").description("the server's hot wallet payouts are sent from").addCommand(status);

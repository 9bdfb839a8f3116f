// refbot audit: who did what, newest first.
import { Command } from "commander";
import { z } from "zod";
import type { AuditEntryDto as AuditEntry } from "@/api/http/contract.ts";
import { csvOption, jsonOption, limit, output, parse } from "@/cli/options.ts";
import { truncate, when } from "@/cli/output/format.ts";
import { emitList, type Column } from "@/cli/output/print.ts";
import { requireClient } from "@/cli/session.ts";

const detail = (e: AuditEntry) => (e.detail === null || e.detail === undefined ? "" : typeof e.detail === "string" ? e.detail : JSON.stringify(e.detail));

const columns: Column<AuditEntry>[] = [
  { header: "id", value: (e) => e.id, align: "right" },
  { header: "when (utc)", value: (e) => e.createdAt, display: (e) => when(e.createdAt).slice(5) },
  // The local part is enough to tell admins apart in a narrow table; CSV and JSON carry it whole.
  { header: "admin", value: (e) => e.adminEmail ?? "server", display: (e) => truncate((e.adminEmail ?? "server").split("@")[0]!, 12) },
  { header: "action", value: (e) => e.action },
  { header: "target", value: (e) => (e.targetId === null ? e.targetType : `${e.targetType} #${e.targetId}`) },
  { header: "detail", value: detail, flex: true },
];

export const auditCommand = new Command("audit")
  .description("the admin audit log, newest first")
  .option("--limit <n>", "how many (1-500)", "50")
  .option(...jsonOption)
  .option(...csvOption)
  .addHelpText("after", "\nExamples:\n  $ refbot audit --limit 20\n  $ refbot audit --json | jq '.[] | select(.action == \"withdrawal.paid\")'")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ limit: limit(500), ...output }), rawOptions);
    const client = await requireClient(command);
    emitList(await client.audit(opts.limit), opts, columns, "The audit log is empty.");
  });

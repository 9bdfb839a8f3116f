// refbot audit: who did what, newest first.
import { Command } from "commander";
import { z } from "zod";
import type { AuditEntryDto as AuditEntry } from "@/api/contract.ts";
import { fieldsHelp, fieldsOf, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { before, csvOption, limit, parse } from "@/cli/options.ts";
import { truncate, when } from "@/cli/output/format.ts";
import { emitList, type Column } from "@/cli/output/print.ts";
import { beforeOption, nextPage, noteNextPage } from "@/cli/paging.ts";
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

const fields = fieldsOf<AuditEntry>()("id", "adminId", "adminEmail", "action", "targetType", "targetId", "detail", "createdAt");

export const auditCommand = new Command("audit")
  .description("the admin audit log, newest first")
  .option("--limit <n>", "how many (1-500)", "50")
  .option(...beforeOption)
  .option(...jsonFieldsOption)
  .option(...csvOption)
  .addHelpText("after", `
When more entries exist, stderr says how to get the next page.

${fieldsHelp(fields)}

Examples:
  $ refbot audit --limit 20
  $ refbot audit --before 310
  $ refbot audit --json | jq '.[] | select(.action == "withdrawal.paid")'`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ limit: limit(500), before, json: jsonFields(fields), csv: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    const rows = await client.audit({ limit: opts.limit, before: opts.before });
    const next = await nextPage(rows, opts.limit, (last) => client.audit({ limit: 1, before: last }));
    emitList(rows, opts, columns, opts.before ? `No audit entries before #${opts.before}.` : "The audit log is empty.");
    noteNextPage(next, "audit entries");
  });

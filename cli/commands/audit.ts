// refbot audit: who did what, newest first, by one admin or of one action when asked (the admin
// panel's Audit page offers the same filters).
import { Command, Option } from "commander";
import { z } from "zod";
import { auditActions } from "@/domain/audit-actions.ts";
import type { AuditEntryDto as AuditEntry } from "@/api/contract.ts";
import type { ApiClient } from "@/cli/api-client.ts";
import { CliError } from "@/cli/errors.ts";
import { fieldsHelp, fieldsOf, jsonFields, jsonFieldsOption } from "@/cli/json-fields.ts";
import { before, id, limit, parse } from "@/cli/options.ts";
import { truncate, when } from "@/cli/output/format.ts";
import { emitList, type Column } from "@/cli/output/print.ts";
import { nextPage, noteNextPage, pageOptions } from "@/cli/paging.ts";
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

/** --admin: an admin's id, or their e-mail in any letter case. */
const notAdmin = "must be an admin's id (a positive integer) or e-mail";
const admin = z.union([id, z.string().trim().toLowerCase().regex(/^[^@\s]+@[^@\s]+$/, notAdmin)], notAdmin).optional();

/** The id of the admin `--admin` names: an id as it is, an e-mail looked up among the admins. */
async function adminIdOf(client: ApiClient, given: number | string | undefined): Promise<number | undefined> {
  if (given === undefined || typeof given === "number") return given;
  const admins = await client.auditAdmins();
  const found = admins.find((a) => a.email.toLowerCase() === given);
  if (!found) throw new CliError(`No admin has the e-mail ${given}; the admins are ${admins.map((a) => a.email).join(", ")}`);
  return found.id;
}

export const auditCommand = pageOptions(
  new Command("audit")
    .description("the admin audit log, newest first")
    .option("--admin <id|email>", "only what this admin did")
    .addOption(new Option("--action <action>", "only this action").choices(auditActions)),
  { max: 500, json: jsonFieldsOption },
).addHelpText("after", `
When more entries exist, stderr says how to get the next page (the same
filters, below the last id shown).

${fieldsHelp(fields)}

Examples:
  $ refbot audit --limit 20
  $ refbot audit --before 310
  $ refbot audit --admin ops@example.com --action withdrawal.paid
  $ refbot audit --action user.adjust --csv > adjustments.csv`)
  .action(async (rawOptions, command: Command) => {
    const schema = z.object({ admin, action: z.enum(auditActions).optional(), limit: limit(500), before, json: jsonFields(fields), csv: z.boolean().optional() });
    const opts = parse(schema, rawOptions);
    const client = await requireClient(command);
    const query = { adminId: await adminIdOf(client, opts.admin), action: opts.action, limit: opts.limit, before: opts.before };
    const rows = await client.audit(query);
    const next = await nextPage(rows, opts.limit, (last) => client.audit({ ...query, limit: 1, before: last }));
    const filtered = opts.admin !== undefined || opts.action !== undefined;
    const empty = opts.before ? `No audit entries before #${opts.before}${filtered ? " match" : ""}.` : filtered ? "No audit entries match." : "The audit log is empty.";
    emitList(rows, opts, columns, empty);
    noteNextPage(next, "audit entries");
  });

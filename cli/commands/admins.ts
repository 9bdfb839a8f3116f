// refbot admins list | role: the admin accounts and their roles, over the API; an owner changes a
// role (at least one owner always remains). `refbot admin add` makes accounts on the server.
import { Command } from "commander";
import { z } from "zod";
import { adminRoles } from "@/domain/model/index.ts";
import type { AdminAccountDto as AdminAccount } from "@/api/contract.ts";
import type { ApiClient } from "@/cli/api-client.ts";
import { CliError } from "@/cli/errors.ts";
import { id, jsonOption, parse } from "@/cli/options.ts";
import { when } from "@/cli/output/format.ts";
import { emit, emitList, type Column } from "@/cli/output/print.ts";
import { requireClient } from "@/cli/session.ts";

const columns: Column<AdminAccount>[] = [
  { header: "id", value: (a) => a.id, align: "right" },
  { header: "email", value: (a) => a.email },
  { header: "role", value: (a) => a.role },
  { header: "added (utc)", value: (a) => a.createdAt, display: (a) => when(a.createdAt) },
];

const list = new Command("list")
  .description("the admins and their roles")
  .option(...jsonOption)
  .option("--csv", "print CSV for spreadsheets")
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ json: z.boolean().optional(), csv: z.boolean().optional() }), rawOptions);
    const client = await requireClient(command);
    emitList(await client.admins(), opts, columns, "No admins.");
  });

/** The id of the admin `given` names: an id as it is, an e-mail (any letter case) looked up. */
async function adminIdOf(client: ApiClient, given: string): Promise<number> {
  const asId = id.safeParse(given);
  if (asId.success) return asId.data;
  const admins = await client.admins();
  const found = admins.find((a) => a.email === given.trim().toLowerCase());
  if (!found) throw new CliError(`No admin has the e-mail ${given}; the admins are ${admins.map((a) => a.email).join(", ")}`);
  return found.id;
}

const role = new Command("role")
  .description("(owner) change an admin's role: owner, admin or viewer")
  .argument("<id|email>", "the admin (`refbot admins list`)")
  .argument("<role>", adminRoles.join(" | "))
  .option(...jsonOption)
  .addHelpText("after", `
owner: everything, admins, settings and API tokens included; admin: the daily
operations; viewer: read only. The last owner cannot be demoted.

Examples:
  $ refbot admins role ops@example.com viewer
  $ refbot admins role 3 owner`)
  .action(async (who: string, given: string, rawOptions, command: Command) => {
    const opts = parse(z.object({ role: z.enum(adminRoles, `must be one of ${adminRoles.join(", ")}`), json: z.boolean().optional() }), rawOptions, { role: given });
    const client = await requireClient(command);
    const changed = await client.setAdminRole(await adminIdOf(client, who), opts.role);
    emit(changed, opts, (a) => `Admin #${a.id} ${a.email} is now ${a.role}.`);
  });

export const adminsCommand = new Command("admins").description("admin accounts and their roles").addCommand(list).addCommand(role);

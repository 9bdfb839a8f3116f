// refbot admin add: the first (or another) admin, written straight into the local database.
import { Command, Option } from "commander";
import { z } from "zod";
import { adminPasswordSchema } from "@/domain/admin-password.ts";
import { adminRoles } from "@/domain/model/index.ts";
import { rules } from "@/domain/rules.ts";
import { usageError } from "@/cli/errors.ts";
import { dbOrUrlOption, existingDatabase, localConfig, localNote, postgresTarget } from "@/cli/local.ts";
import { withoutPassword } from "@/db/pg/url.ts";
import { jsonOption, parse } from "@/cli/options.ts";
import { emit } from "@/cli/output/print.ts";
import { interactive, prompts, readStdin } from "@/cli/prompts.ts";

const email = z.string().trim().max(320).pipe(z.email("must be an e-mail address"));
const password = adminPasswordSchema;

const add = new Command("add")
  .description("(server: local database) create an admin account")
  .option("--email <email>", "the admin's e-mail (asked for when missing)")
  .option("--password-stdin", "read the password from stdin instead of asking")
  .addOption(new Option("--role <role>", "owner (everything), admin (daily operations) or viewer (read only); the first admin is an owner").choices(adminRoles).default("admin"))
  .option(...dbOrUrlOption)
  .option(...jsonOption)
  .addHelpText("after", `
${localNote}
The database must exist (\`refbot db migrate\` or \`npm start\` creates it).
The password has at least ${rules.adminPasswordMinLength} characters; a terminal asks for it twice, hidden.

Examples:
  $ refbot admin add
  $ refbot admin add --email ops@example.com --password-stdin < pw.txt
  $ refbot admin add --email auditor@example.com --role viewer`)
  .action(async (rawOptions, command: Command) => {
    const opts = parse(z.object({ email: email.optional(), passwordStdin: z.boolean().optional(), role: z.enum(adminRoles), db: z.string().optional(), json: z.boolean().optional() }), rawOptions);
    const ask = { output: process.stderr };
    if (!interactive() && (!opts.email || !opts.passwordStdin)) throw usageError("no terminal to ask at: pass --email and --password-stdin (the password on stdin)");
    // Before any question: a wrong path is better told now than after the password is typed.
    const postgres = postgresTarget(command);
    if (!postgres) existingDatabase(command);
    const { input, password: passwordPrompt } = await prompts();
    const address = opts.email ?? (await input({ message: "E-mail:", validate: (v) => email.safeParse(v).error?.issues[0]?.message ?? true }, ask)).trim();
    let secret: string;
    if (opts.passwordStdin) {
      secret = (await readStdin()).split(/\r?\n/)[0] ?? "";
      parse(z.object({ passwordStdin: password }), { passwordStdin: secret });
    } else {
      secret = await passwordPrompt({ message: `Password (${rules.adminPasswordMinLength}+ characters):`, mask: true, validate: (v) => password.safeParse(v).error?.issues[0]?.message ?? true }, ask);
      const again = await passwordPrompt({ message: "Password again:", mask: true }, ask);
      if (again !== secret) throw usageError("the two passwords differ; nothing was changed");
    }
    // Loaded here, not at the top: the API commands should not open or load the database layer.
    const { openEngine } = await import("@/db/engine.ts");
    const { baseDeps } = await import("@/domain/base-deps.ts");
    const { addAdmin } = await import("@/domain/admins.ts");
    // --db names the database: a file, or a PostgreSQL URL; without it, DATABASE_URL or the file.
    const config = { ...localConfig(command), databaseUrl: postgres };
    const engine = await openEngine(config);
    const deps = baseDeps(engine.store, config, () => new Date());
    try {
      const admin = await addAdmin(deps, address, secret, opts.role);
      const where = postgres ? { databaseUrl: withoutPassword(postgres) } : { databasePath: config.databasePath };
      // The first admin of a database is an owner whatever was asked: say so when it differs.
      const first = admin.role !== opts.role ? " (the first admin, so an owner)" : "";
      emit({ id: admin.id, email: admin.email, role: admin.role, ...where }, opts, () => `Added ${admin.role} #${admin.id} ${admin.email}${first} to ${engine.description}.\nSign in with \`refbot login\`.`);
    } finally {
      await engine.close();
    }
  });

export const adminCommand = new Command("admin").description("admin accounts").addCommand(add);

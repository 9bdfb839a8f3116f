// What can go wrong with a backup or a restore, as errors the CLI turns into its messages and exit
// codes: a restore's refusals each have a code of their own, so a script can tell a file to
// replace from a server to stop first.
export const refusalReasons = ["missing_file", "not_a_backup", "corrupt", "ledger_failed", "in_use", "not_empty"] as const;
export type RefusalReason = (typeof refusalReasons)[number];

/** The restore did not go on: nothing was changed, unless the message says otherwise. */
export class RestoreRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = "RestoreRefused";
  }
}

/** A backup that could not be written or did not pass its checks; no file of it is left. */
export class BackupFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupFailed";
  }
}

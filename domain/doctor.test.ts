// The doctor's judgements where a test cannot make the facts: a nearly full disk, a backup's age.
import { expect, test } from "bun:test";
import { judgeBackup, judgeDisk, judgeFleetSecret } from "./doctor.ts";

const MiB = 1024 ** 2;

test("free disk: fail under 100 MiB with the fix, warn under 1 GiB, ok above", () => {
  expect(judgeDisk("/srv/refbot/data", 50 * MiB, 20_000 * MiB)).toEqual({
    name: "free disk",
    status: "fail",
    message: "50 MiB free of 20 GiB beside /srv/refbot/data: writes will soon be refused (STORAGE_FULL)",
    fix: "free space on the disk of /srv/refbot/data (old backups, logs), or move the database to a larger disk",
  });
  expect(judgeDisk("/d", 500 * MiB, 20_000 * MiB).status).toBe("warn");
  expect(judgeDisk("/d", 1024 * MiB, 20_000 * MiB)).toMatchObject({ status: "ok", message: "1.0 GiB free of 20 GiB beside /d" });
});

test("backup: ok within 26 hours, a warning after", () => {
  const now = new Date("2026-03-10T12:00:00Z");
  expect(judgeBackup(new Date("2026-03-09T12:00:00Z"), now)).toMatchObject({ status: "ok", message: "the newest backup is 24 h old" });
  expect(judgeBackup(new Date("2026-03-09T09:00:00Z"), now)).toMatchObject({ status: "warn", message: "the newest backup is 27 h old (2026-03-09T09:00:00.000Z)" });
});

test("JWT secret: without a secret of its own, the fleet is compared with its newest instance", () => {
  const fleet = [{ id: "a", secretFingerprint: "1111" }, { id: "b", secretFingerprint: "2222" }, { id: "c", secretFingerprint: "1111" }];
  expect(judgeFleetSecret(fleet, undefined)).toMatchObject({ status: "fail", message: "1 of 3 instance(s) seen in the last 5 minutes sign with a different secret than the newest instance's: their sign-ins fail on the others" });
  expect(judgeFleetSecret(fleet.filter((i) => i.secretFingerprint === "1111"), "1111")).toMatchObject({ status: "ok", message: "2 instance(s) seen in the last 5 minutes share one secret" });
});

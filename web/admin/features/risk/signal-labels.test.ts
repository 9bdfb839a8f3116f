import { expect, test } from "bun:test";
import { evidenceLabel, signalAbout, signalLabel } from "./signal-labels.ts";

test("known signals and evidence keys read as words", () => {
  expect(signalLabel("referrals_share_client")).toBe("Referrals share a client");
  expect(signalAbout("referral_burst")).toContain("sign-ups");
  expect(evidenceLabel("idGap")).toBe("Telegram ID gap");
});

test("a signal or key newer than the panel still reads as words, never as a bare code", () => {
  expect(signalLabel("night_owl_logins")).toBe("Night owl logins");
  expect(signalAbout("night_owl_logins")).toBeUndefined();
  expect(evidenceLabel("loginsAfterMidnight")).toBe("Logins after midnight");
  // Inherited object keys are not signals.
  expect(signalLabel("constructor")).toBe("Constructor");
});

import { expect, test } from "bun:test";
import { ledgerReasons, taskKinds } from "@/domain/model/index.ts";
import { ledgerReasonLabel, ledgerReasonLabels, taskKindLabels } from "./labels.ts";

// The model's lists are the codes the server can send; a code added there fails here until it
// has its words, and a label for a code that no longer exists fails too.
test("every ledger reason in the model has its own label", () => {
  expect(Object.keys(ledgerReasonLabels).sort()).toEqual([...ledgerReasons].sort());
  for (const reason of ledgerReasons) expect(ledgerReasonLabels[reason].trim()).not.toBe("");
  expect(new Set(Object.values(ledgerReasonLabels)).size).toBe(ledgerReasons.length);
});

test("every task kind in the model has its own label", () => {
  expect(Object.keys(taskKindLabels).sort()).toEqual([...taskKinds].sort());
  for (const kind of taskKinds) expect(taskKindLabels[kind].trim()).not.toBe("");
  expect(new Set(Object.values(taskKindLabels)).size).toBe(taskKinds.length);
});

test("a reason this build does not know shows as its code", () => {
  expect(ledgerReasonLabel("referral_milestone")).toBe("Referral Milestone Reward");
  expect(ledgerReasonLabel("loyalty_bonus")).toBe("loyalty_bonus");
});

import { expect, test } from "bun:test";
import { detailFields } from "./detail-text.ts";

test("each field of a detail as a label and its text; empty ones left out", () => {
  expect(detailFields({ amount: "10.00", txHash: null, reason: "suspicious" })).toEqual([
    { label: "amount", text: "10.00" },
    { label: "reason", text: "suspicious" },
  ]);
  expect(detailFields({ recipients: 120, languages: ["en", "ru"], withdrawalRefunded: true, farm: [] })).toEqual([
    { label: "recipients", text: "120" },
    { label: "languages", text: "en, ru" },
    { label: "withdrawal refunded", text: "true" },
  ]);
  expect(detailFields({ notReversed: [{ userId: 3, amount: "1.00" }] })).toEqual([{ label: "not reversed", text: '[{"userId":3,"amount":"1.00"}]' }]);
  expect(detailFields(null)).toEqual([]);
});

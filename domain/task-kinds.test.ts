import { expect, test } from "bun:test";
import { ledgerReasons, taskKinds } from "@/domain/model/index.ts";
import { hasLink, linkRules, taskKindRules } from "./task-kinds.ts";

// A kind added to the model fails here until it has its entry in the registry (and its label,
// in labels.test.ts); an entry for a kind that no longer exists fails too.
test("every task kind in the model has a registry entry, and nothing else does", () => {
  expect(Object.keys(taskKindRules).sort()).toEqual([...taskKinds].sort());
  for (const kind of taskKinds) {
    const rules = taskKindRules[kind];
    expect(ledgerReasons).toContain(rules.reason);
    expect(["daily", "once"]).toContain(rules.period);
    expect(["none", "channel membership", "opened link and waited"]).toContain(rules.verify);
    expect(rules.icon).toMatch(/^[a-z-]+$/);
  }
});

test("the link kind pays as a custom task, once, after the open and the wait", () => {
  expect(taskKindRules.link).toEqual({ reason: "custom_task", period: "once", verify: "opened link and waited", icon: "link" });
  expect(taskKinds.filter(hasLink)).toEqual(["link"]);
});

test("a link is an absolute http(s) URL of at most 2048 characters; a wait 0..3600 whole seconds", () => {
  for (const good of ["https://x.com/refbot", "http://example.org/a?b=c#d", `https://e.com/${"a".repeat(2034)}`]) expect(linkRules.urlProblem(good)).toBeUndefined();
  expect(linkRules.urlProblem(`https://e.com/${"a".repeat(2035)}`)).toBe("must be at most 2048 characters");
  for (const bad of ["x.com/refbot", "ftp://x.com/f", "javascript:alert(1)", "https://", "https://x.com/a b", "/relative", ""]) {
    expect(linkRules.urlProblem(bad)).toBe("must be an absolute http:// or https:// URL");
  }
  for (const good of [0, 30, 3600]) expect(linkRules.waitProblem(good)).toBeUndefined();
  for (const bad of [-1, 3601, 1.5, Number.NaN]) expect(linkRules.waitProblem(bad)).toBe("must be a whole number of seconds from 0 to 3600");
});

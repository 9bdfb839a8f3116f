// What each task kind is: the ledger reason it pays under, how often it can be done, what must be
// true before it pays, and the icon clients show for it. Adding a kind takes three edits: its code
// in model/tasks.ts, its entry here and its label in labels.ts (a test fails until all three
// agree). Types only from the model, so the web bundles and the CLI can read it as well.
import type { LedgerReason, TaskKind } from "@/domain/model/index.ts";
import { rules } from "./rules.ts";

export type TaskKindRules = {
  reason: LedgerReason;
  /**
   * "daily": once per UTC day, and such completions are the ones that keep a streak and count
   * towards a referral's qualifying daily tasks; "once": once ever.
   */
  period: "daily" | "once";
  /**
   * What must hold before a completion pays. A confirmed channel membership is also what marks
   * the user as having joined the channel; a link task carries a URL and a wait (see linkRules).
   */
  verify: "none" | "channel membership" | "opened link and waited";
  /** An icon name, which each client maps to its own icon. */
  icon: "calendar" | "megaphone" | "star" | "link";
};

export const taskKindRules: Record<TaskKind, TaskKindRules> = {
  daily_activity: { reason: "daily_task", period: "daily", verify: "none", icon: "calendar" },
  follow_channel: { reason: "follow_channel", period: "once", verify: "channel membership", icon: "megaphone" },
  custom: { reason: "custom_task", period: "once", verify: "none", icon: "star" },
  // Paid as a custom task: for the ledger and the user it is the same kind of reward.
  link: { reason: "custom_task", period: "once", verify: "opened link and waited", icon: "link" },
};

export type TaskPeriod = TaskKindRules["period"];
export type TaskVerification = TaskKindRules["verify"];

/** Whether tasks of this kind carry a URL to open and a wait before they can be claimed. */
export const hasLink = (kind: TaskKind): boolean => taskKindRules[kind].verify === "opened link and waited";

/** The completion period of a task of this kind on `today`: the day itself, or "once". */
export const periodOf = (kind: TaskKind, today: string): string => (taskKindRules[kind].period === "daily" ? today : "once");

/**
 * A link task's URL and wait, checked the same way by the server and, before it sends, the CLI:
 * each answers what is wrong (for the message after the field name), or undefined.
 */
export const linkRules = {
  urlProblem(url: string): string | undefined {
    if (url.length > rules.maxLinkUrlLength) return `must be at most ${rules.maxLinkUrlLength} characters`;
    let parsed: URL | undefined;
    try {
      parsed = /\s/.test(url) ? undefined : new URL(url);
    } catch {
      // Not a URL at all: the same answer as a URL of another scheme.
    }
    if (!parsed || !["http:", "https:"].includes(parsed.protocol) || !parsed.hostname) return "must be an absolute http:// or https:// URL";
    return undefined;
  },
  waitProblem(seconds: number): string | undefined {
    return Number.isInteger(seconds) && seconds >= 0 && seconds <= rules.maxLinkWaitSeconds
      ? undefined
      : `must be a whole number of seconds from 0 to ${rules.maxLinkWaitSeconds}`;
  },
};

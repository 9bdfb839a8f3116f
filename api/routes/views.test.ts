// The answer shapes beside their routes (*.views.ts) are pure: what they show follows from what
// they are given (the rows, the day, the link), never from a clock, a store or a configuration.
import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Task, User } from "@/domain/model/index.ts";
import { adminUserView } from "./admin-users.views.ts";
import { meAnswers, meView } from "./me.views.ts";
import { leaderboardView, taskJsonMemo, taskJsonView, taskListAnswers } from "./tasks.views.ts";

const here = import.meta.dir;

const user: User = {
  id: 7,
  tgId: 700_007,
  username: "ada",
  firstName: "Ada",
  lastName: null,
  refCode: "ADA7",
  walletBep20: null,
  balance: 1_500_000,
  heldBalance: 200_000,
  totalEarned: 2_000_000,
  earnedToday: 400_000,
  earnedDay: "2026-03-10",
  referralEarned: 0,
  qualifiedReferrals: 1,
  totalInvited: 2,
  tasksCompleted: 5,
  dailyTasksCompleted: 3,
  channelJoined: true,
  currentStreak: 3,
  lastDailyDay: "2026-03-10",
  lastActiveDay: "2026-03-10",
  lastActivityAt: new Date("2026-03-10T09:00:00Z"),
  isBanned: false,
  banReason: null,
  isActive: true,
  language: null,
  tgLanguage: "es",
  isPremium: false,
  riskScore: 0,
  riskStatus: null,
  createdAt: new Date("2026-03-01T00:00:00Z"),
};

const task: Task = {
  id: 3,
  kind: "daily_activity",
  title: "Daily Check-in",
  description: "",
  reward: 200_000,
  isActive: true,
  createdAt: new Date("2026-03-01T00:00:00Z"),
  completionCount: 9,
  url: null,
  waitSeconds: 0,
};

test("no view reads anything: no store, clock, configuration or awaited call in a *.views.ts", () => {
  const files = readdirSync(here).filter((file) => file.endsWith(".views.ts"));
  expect(files.length).toBeGreaterThanOrEqual(6);
  const code = (file: string) => readFileSync(join(here, file), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
  const reading = files.filter((file) => /\bdeps\b|\bDeps\b|\bclock\b|\bstore\b|\bconfig\b|\bawait\b/.test(code(file)));
  expect(reading).toEqual([]);
  // Every area's views live beside its routes; none in one file for all.
  expect(existsSync(join(here, "..", "views.ts"))).toBe(false);
});

test("a user's day figures follow the day given: today's earnings and streak, then none the day after next", () => {
  const link = "https://t.me/refbot_demo_bot?start=ADA7";
  expect(meView(user, "2026-03-10", link, { referralTarget: 50 })).toMatchObject({ earnedToday: "0.40", streak: 3, balanceUsdt: "1.50", heldUsdt: "0.20", referralLink: link, language: "es" });
  // The streak holds through the next day, when today's task is still to do; a missed day ends it.
  expect(meView(user, "2026-03-11", link, { referralTarget: 50 })).toMatchObject({ earnedToday: "0.00", streak: 3 });
  expect(meView(user, "2026-03-12", link, { referralTarget: 50 })).toMatchObject({ earnedToday: "0.00", streak: 0 });
  expect(adminUserView(user, "2026-03-12", { referralTarget: 50 })).toMatchObject({ currentStreak: 0, earnedToday: "0.00", totalInvited: 2 });
  expect(adminUserView(user, "2026-03-12", { referralTarget: 50 })).not.toHaveProperty("streak");
});

test("a leaderboard entry shows its category's figures, the activity streak as of the day given", () => {
  const ranked = { ...user, rank: 1 };
  expect(leaderboardView("earnings", "2026-03-10")(ranked)).toEqual({ id: 7, firstName: "Ada", username: "ada", tgId: 700_007, rank: 1, balance: "1.50", totalEarned: "2.00" });
  expect(leaderboardView("activity", "2026-03-10")(ranked)).toMatchObject({ taskCount: 5, currentStreak: 3 });
  expect(leaderboardView("activity", "2026-03-12")(ranked)).toMatchObject({ currentStreak: 0 });
});

test("a task's JSON view is built once per row by its app's memo, and each app keeps its own", () => {
  const memo = taskJsonMemo();
  const first = memo(task);
  expect(first).toEqual({ ...taskJsonView(task), createdAt: "2026-03-01T00:00:00.000Z", rewardUsdt: "0.20" });
  expect(memo(task)).toBe(first);
  // A changed task is a new row: its view is built anew.
  expect(memo({ ...task, title: "Check in" }).title).toBe("Check in");
  const another = taskJsonMemo();
  expect(another(task)).toEqual(first);
  expect(another(task)).not.toBe(first);
});

test("the signed-in user's answer is serialized once per row, day and referral target", () => {
  const answers = meAnswers();
  const link = () => "https://t.me/refbot_demo_bot?start=ADA7";
  const morning = new Date("2026-03-10T08:00:00Z");
  const first = answers(user, morning, link, { referralTarget: 50 });
  expect(JSON.parse(first.json)).toEqual(JSON.parse(JSON.stringify(meView(user, "2026-03-10", link(), { referralTarget: 50 }))));
  expect(answers(user, new Date("2026-03-10T23:59:59Z"), link, { referralTarget: 50 })).toBe(first);
  // Another day resets today's figures; another target is another answer; a written row is a new row.
  expect(JSON.parse(answers(user, new Date("2026-03-12T00:00:00Z"), link, { referralTarget: 50 }).json)).toMatchObject({ earnedToday: "0.00", streak: 0 });
  expect(JSON.parse(answers(user, morning, link, { referralTarget: 20 }).json)).toMatchObject({ targetReferrals: 20 });
  expect(JSON.parse(answers({ ...user, balance: 2_500_000 }, morning, link, { referralTarget: 20 }).json)).toMatchObject({ balanceUsdt: "2.50" });
});

test("GET /api/me's answer is kept for a row read again the same (as each PostgreSQL request reads it), and made again when any field differs", () => {
  const answers = meAnswers();
  const link = () => "https://t.me/refbot_demo_bot?start=ADA7";
  const now = new Date("2026-03-10T08:00:00Z");
  const terms = { referralTarget: 50 };
  const first = answers(user, now, link, terms);
  // Read again: another object, its times other Date objects of the same instants.
  expect(answers({ ...user, createdAt: new Date(user.createdAt), lastActivityAt: new Date(user.lastActivityAt!) }, now, link, terms)).toBe(first);
  const changed: [keyof User, unknown][] = [["walletBep20", "0x00000000000000000000000000000000000000aa"], ["lastActivityAt", new Date(user.lastActivityAt!.getTime() + 1)], ["isBanned", true], ["language", "ru"]];
  for (const [field, value] of changed) {
    const answer = answers({ ...user, [field]: value }, now, link, terms);
    expect({ field, same: answer === first }).toEqual({ field, same: false });
    // And the row as it was is the first answer's again, made once more.
    expect(answers(user, now, link, terms).json).toBe(first.json);
  }
});

test("a task list is serialized once per combination of flags over the same rows; an opened link's times are the user's own", () => {
  const lists = taskListAnswers();
  const other: Task = { ...task, id: 4, kind: "custom", title: "Follow us" };
  const flags = (done: boolean) => ({ isCompleted: done, completedToday: done, openedAt: null, claimableAt: null });
  const undone = lists([{ task, ...flags(false) }, { task: other, ...flags(false) }]);
  expect(JSON.parse(undone.json)).toEqual([
    { ...taskJsonView(task), ...flags(false) },
    { ...taskJsonView(other), ...flags(false) },
  ]);
  expect(lists([{ task, ...flags(false) }, { task: other, ...flags(false) }])).toBe(undone);
  const done = lists([{ task, ...flags(true) }, { task: other, ...flags(false) }]);
  expect(done).not.toBe(undone);
  expect(JSON.parse(done.json)[0]).toMatchObject({ isCompleted: true, completedToday: true });
  // A changed row is a new row: every list is made again.
  const renamed = lists([{ task: { ...task, title: "Check in" }, ...flags(false) }, { task: other, ...flags(false) }]);
  expect(JSON.parse(renamed.json)[0].title).toBe("Check in");
  const opened = { isCompleted: false, completedToday: false, openedAt: new Date("2026-03-10T08:00:00Z"), claimableAt: new Date("2026-03-10T08:00:30Z") };
  const link: Task = { ...task, id: 5, kind: "link", url: "https://example.com", waitSeconds: 30 };
  const mine = lists([{ task: link, ...opened }]);
  expect(lists([{ task: link, ...opened }])).not.toBe(mine);
  expect(JSON.parse(mine.json)[0]).toMatchObject({ openedAt: "2026-03-10T08:00:00.000Z", claimableAt: "2026-03-10T08:00:30.000Z" });
});

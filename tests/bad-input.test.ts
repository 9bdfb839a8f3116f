// Bad input to every endpoint of docs/api.md: each answer is a 4xx `{ message, code }` whose
// message names the field (where there is one), and not one row of any table changes. On both
// engines.
import { describe, expect } from "bun:test";
import { createHash } from "node:crypto";
import { toChecksumAddress } from "@/domain/wallet.ts";
import { forEachAppEngine, uniqueTgId, type TestApp } from "./support/app.ts";

const hex = (n: number, seed: string) => createHash("sha256").update(seed).digest("hex").repeat(4).slice(0, n);
/** A valid, mixed-case EIP-55 address, and the same address with one letter's case flipped. */
function addresses(seed: string) {
  for (let i = 0; ; i++) {
    const good = toChecksumAddress(`0x${hex(40, `${seed}${i}`)}`);
    const at = [...good.slice(2)].findIndex((c) => /[a-fA-F]/.test(c));
    if (at < 0) continue;
    const c = good[at + 2]!;
    const flipped = c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
    return { good, badChecksum: good.slice(0, at + 2) + flipped + good.slice(at + 3) };
  }
}

const big = "x".repeat(10 * 1024);
const sqlText = "'; DROP TABLE users; --";
const goodHash = `0x${hex(64, "tx")}`;

type Fixture = {
  admin: Record<string, string>;
  user: Record<string, string>; // has balance 50, a wallet, no open withdrawal
  noWallet: Record<string, string>; // has balance 50, no wallet
  open: Record<string, string>; // has a pending withdrawal
  userId: number;
  taskId: number;
  pending: number;
  approved: number;
  paid: number;
  rejected: number;
  badChecksum: string;
};
type Case = {
  name: string;
  method: string;
  path: (f: Fixture) => string;
  as: "admin" | "user" | "noWallet" | "open" | "none";
  body?: unknown;
  raw?: string;
  status: number;
  code?: string;
  field?: string; // the message must name it
};

const c = (
  as: Case["as"],
  method: string,
  path: string | ((f: Fixture) => string),
  name: string,
  input: { body?: unknown; raw?: string },
  status: number,
  expectation: { code?: string; field?: string } = {},
): Case => ({ as, method, path: typeof path === "string" ? () => path : path, name, ...input, status, ...expectation });

const v400 = (field: string, code = "VALIDATION_FAILED") => ({ code, field });
const amount400 = { code: "INVALID_AMOUNT", field: "amount" };
const reward400 = { code: "INVALID_AMOUNT", field: "rewardUsdt" };
const badJson = { code: "INVALID_JSON" };
const notFound = { code: "NOT_FOUND" };
const conflict = { code: "INVALID_STATE" };
const userId = (f: Fixture) => f.userId;
const task = (f: Fixture) => `/api/admin/tasks/${f.taskId}`;
const w = (key: "pending" | "approved" | "paid" | "rejected", action: string) => (f: Fixture) => `/api/admin/withdrawals/${f[key]}/${action}`;
const u = (suffix: string) => (f: Fixture) => `/api/admin/users/${userId(f)}${suffix}`;

const cases: Case[] = [
  // Public
  c("none", "GET", "/api/demo/init-data?tgId=abc", "non-numeric tgId", {}, 400, v400("tgId")),
  c("none", "GET", "/api/demo/init-data?tgId=-5", "negative tgId", {}, 400, v400("tgId")),
  c("none", "GET", `/api/demo/init-data?startParam=${big}`, "10 KB startParam", {}, 400, v400("startParam")),
  c("none", "POST", "/api/auth/login", "missing fields", { body: {} }, 400, v400("email")),
  c("none", "POST", "/api/auth/login", "missing password", { body: { email: "a@b.co" } }, 400, v400("password")),
  c("none", "POST", "/api/auth/login", "email of the wrong type", { body: { email: 5, password: "x" } }, 400, v400("email")),
  c("none", "POST", "/api/auth/login", "password of the wrong type", { body: { email: "a@b.co", password: 12345 } }, 400, v400("password")),
  c("none", "POST", "/api/auth/login", "SQL-looking email", { body: { email: sqlText, password: "x" } }, 400, v400("email")),
  c("none", "POST", "/api/auth/login", "10 KB email", { body: { email: `${big}@b.co`, password: "x" } }, 400, v400("email")),
  c("none", "POST", "/api/auth/login", "10 KB password", { body: { email: "a@b.co", password: big } }, 400, v400("password")),
  c("none", "POST", "/api/auth/login", "malformed JSON", { raw: '{"email": "a@b.co",' }, 400, badJson),
  c("none", "POST", "/api/auth/login", "an array body", { raw: "[]" }, 400, { code: "VALIDATION_FAILED" }),

  // Admin: tasks
  c("admin", "POST", "/api/admin/tasks", "missing title", { body: {} }, 400, v400("title")),
  c("admin", "POST", "/api/admin/tasks", "blank title", { body: { title: "   " } }, 400, v400("title")),
  c("admin", "POST", "/api/admin/tasks", "title of the wrong type", { body: { title: 123 } }, 400, v400("title")),
  c("admin", "POST", "/api/admin/tasks", "10 KB title", { body: { title: big } }, 400, v400("title")),
  c("admin", "POST", "/api/admin/tasks", "10 KB description", { body: { title: "t", description: big } }, 400, v400("description")),
  c("admin", "POST", "/api/admin/tasks", "unknown kind", { body: { title: "t", kind: "lottery" } }, 400, v400("kind")),
  c("admin", "POST", "/api/admin/tasks", "SQL-looking kind", { body: { title: "t", kind: sqlText } }, 400, v400("kind")),
  c("admin", "POST", "/api/admin/tasks", "isActive of the wrong type", { body: { title: "t", isActive: "yes" } }, 400, v400("isActive")),
  c("admin", "POST", "/api/admin/tasks", "reward 1e30", { body: { title: "t", rewardUsdt: "1e30" } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "reward 99999999999", { body: { title: "t", rewardUsdt: 99999999999 } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "negative reward", { body: { title: "t", rewardUsdt: "-0.5" } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "reward with 7 decimals", { body: { title: "t", rewardUsdt: "0.1234567" } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "reward with 3 decimals (typed by people: at most 2)", { body: { title: "t", rewardUsdt: "0.125" } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "reward with 7 decimals as a number", { body: { title: "t", rewardUsdt: 0.1234567 } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "SQL-looking reward", { body: { title: "t", rewardUsdt: sqlText } }, 400, reward400),
  c("admin", "POST", "/api/admin/tasks", "reward of the wrong type", { body: { title: "t", rewardUsdt: true } }, 400, v400("rewardUsdt")),
  c("admin", "POST", "/api/admin/tasks", "malformed JSON", { raw: "{title: 'x'}" }, 400, badJson),
  c("admin", "POST", "/api/admin/tasks", "a string body", { raw: '"title"' }, 400, { code: "VALIDATION_FAILED" }),
  c("admin", "PATCH", "/api/admin/tasks/999999", "unknown task", { body: { title: "t" } }, 404, notFound),
  c("admin", "PATCH", "/api/admin/tasks/abc", "non-numeric id", { body: { title: "t" } }, 400, v400("id")),
  c("admin", "PATCH", "/api/admin/tasks/0x1", "hex id", { body: { title: "t" } }, 400, v400("id")),
  c("admin", "PATCH", "/api/admin/tasks/1e0", "exponent id", { body: { title: "t" } }, 400, v400("id")),
  c("admin", "PATCH", "/api/admin/tasks/-1", "negative id", { body: { title: "t" } }, 400, v400("id")),
  c("admin", "PATCH", "/api/admin/tasks/0", "zero id", { body: { title: "t" } }, 400, v400("id")),
  c("admin", "PATCH", task, "nothing to change", { body: {} }, 400, v400("body")),
  c("admin", "PATCH", task, "only unknown fields", { body: { reward: "5" } }, 400, v400("body")),
  c("admin", "PATCH", task, "empty title", { body: { title: "" } }, 400, v400("title")),
  c("admin", "PATCH", task, "unknown kind", { body: { kind: "x" } }, 400, v400("kind")),
  c("admin", "PATCH", task, "isActive of the wrong type", { body: { isActive: 1 } }, 400, v400("isActive")),
  c("admin", "PATCH", task, "reward with 7 decimals", { body: { rewardUsdt: "1.0000001" } }, 400, reward400),
  c("admin", "PATCH", task, "reward 1e30", { body: { rewardUsdt: 1e30 } }, 400, reward400),
  c("admin", "PATCH", task, "negative reward", { body: { rewardUsdt: -1 } }, 400, reward400),
  c("admin", "PATCH", task, "malformed JSON", { raw: '{"title": }' }, 400, badJson),

  // Admin: withdrawals
  c("admin", "GET", "/api/admin/withdrawals?status=lost", "unknown status", {}, 400, v400("status")),
  c("admin", "GET", `/api/admin/withdrawals?status=${encodeURIComponent(sqlText)}`, "SQL-looking status", {}, 400, v400("status")),
  c("admin", "GET", "/api/admin/withdrawals?limit=abc", "non-numeric limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/withdrawals?limit=0", "zero limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/withdrawals?limit=99999999999", "huge limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/withdrawals?before=abc", "non-numeric cursor", {}, 400, v400("before")),
  c("admin", "PATCH", "/api/admin/withdrawals/999999/approve", "approve an unknown withdrawal", {}, 404, notFound),
  c("admin", "PATCH", "/api/admin/withdrawals/abc/approve", "approve a non-numeric id", {}, 400, v400("id")),
  c("admin", "PATCH", w("approved", "approve"), "approve an approved withdrawal", {}, 409, conflict),
  c("admin", "PATCH", w("paid", "approve"), "approve a paid withdrawal", {}, 409, conflict),
  c("admin", "PATCH", w("rejected", "approve"), "approve a rejected withdrawal", {}, 409, conflict),
  c("admin", "PATCH", w("pending", "paid"), "pay a pending withdrawal", { body: { txHash: goodHash } }, 409, conflict),
  c("admin", "PATCH", w("paid", "paid"), "pay a paid withdrawal again", { body: { txHash: goodHash } }, 409, conflict),
  c("admin", "PATCH", w("rejected", "paid"), "pay a rejected withdrawal", { body: { txHash: goodHash } }, 409, conflict),
  c("admin", "PATCH", "/api/admin/withdrawals/999999/paid", "pay an unknown withdrawal", { body: { txHash: goodHash } }, 404, notFound),
  c("admin", "PATCH", "/api/admin/withdrawals/abc/paid", "pay a non-numeric id", { body: { txHash: goodHash } }, 400, v400("id")),
  c("admin", "PATCH", w("approved", "paid"), "missing tx hash", { body: {} }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "short tx hash", { body: { txHash: "0x1234" } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "tx hash of 65 hex", { body: { txHash: `${goodHash}a` } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "tx hash without 0x", { body: { txHash: hex(64, "no0x") } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "non-hex tx hash", { body: { txHash: `0x${"g".repeat(64)}` } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "SQL-looking tx hash", { body: { txHash: sqlText } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "10 KB tx hash", { body: { txHash: big } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "tx hash of the wrong type", { body: { txHash: 12345 } }, 400, v400("txHash")),
  c("admin", "PATCH", w("approved", "paid"), "malformed JSON", { raw: "{txHash" }, 400, badJson),
  c("admin", "PATCH", w("approved", "reject"), "reject an approved withdrawal", { body: { reason: "no" } }, 409, conflict),
  c("admin", "PATCH", w("paid", "reject"), "reject a paid withdrawal", { body: { reason: "no" } }, 409, conflict),
  c("admin", "PATCH", w("rejected", "reject"), "reject a rejected withdrawal again", { body: { reason: "no" } }, 409, conflict),
  c("admin", "PATCH", "/api/admin/withdrawals/999999/reject", "reject an unknown withdrawal", { body: { reason: "no" } }, 404, notFound),
  c("admin", "PATCH", "/api/admin/withdrawals/abc/reject", "reject a non-numeric id", { body: { reason: "no" } }, 400, v400("id")),
  c("admin", "PATCH", w("pending", "reject"), "missing reason", { body: {} }, 400, v400("reason")),
  c("admin", "PATCH", w("pending", "reject"), "blank reason", { body: { reason: "   " } }, 400, v400("reason")),
  c("admin", "PATCH", w("pending", "reject"), "10 KB reason", { body: { reason: big } }, 400, v400("reason")),
  c("admin", "PATCH", w("pending", "reject"), "reason of the wrong type", { body: { reason: 42 } }, 400, v400("reason")),
  c("admin", "PATCH", w("pending", "reject"), "malformed JSON", { raw: "{'reason': 'x'}" }, 400, badJson),

  // Admin: users
  c("admin", "GET", `/api/admin/users?search=${big}`, "10 KB search", {}, 400, v400("search")),
  c("admin", "GET", "/api/admin/users?limit=abc", "non-numeric limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/users?limit=-1", "negative limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/users?limit=1000", "limit too large", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/users?before=abc", "non-numeric cursor", {}, 400, v400("before")),
  c("admin", "GET", "/api/admin/users?before=0x5", "hex cursor", {}, 400, v400("before")),
  c("admin", "GET", "/api/admin/users/999999", "unknown user", {}, 404, notFound),
  c("admin", "GET", "/api/admin/users/abc", "non-numeric id", {}, 400, v400("id")),
  c("admin", "GET", "/api/admin/users/1.0", "decimal id", {}, 400, v400("id")),
  c("admin", "GET", "/api/admin/users/99999999999999999999", "id beyond a safe integer", {}, 400, v400("id")),
  c("admin", "GET", `/api/admin/users/${"9".repeat(10240)}`, "10 KB id", {}, 400, v400("id")),
  c("admin", "GET", "/api/admin/users/999999/balance", "ledger of an unknown user", {}, 404, notFound),
  c("admin", "GET", "/api/admin/users/abc/balance", "ledger of a non-numeric id", {}, 400, v400("id")),
  c("admin", "GET", u("/balance?limit=0"), "ledger with a zero limit", {}, 400, v400("limit")),
  c("admin", "GET", u("/balance?limit=abc"), "ledger with a non-numeric limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/users/999999/referrals", "referrals of an unknown user", {}, 404, notFound),
  c("admin", "GET", "/api/admin/users/abc/referrals", "referrals of a non-numeric id", {}, 400, v400("id")),
  c("admin", "GET", "/api/admin/users/999999/activity", "activity of an unknown user", {}, 404, notFound),
  c("admin", "GET", "/api/admin/users/abc/activity", "activity of a non-numeric id", {}, 400, v400("id")),
  c("admin", "POST", "/api/admin/users/999999/ban", "ban an unknown user", { body: { reason: "spam" } }, 404, notFound),
  c("admin", "POST", "/api/admin/users/abc/ban", "ban a non-numeric id", { body: {} }, 400, v400("id")),
  c("admin", "POST", u("/ban"), "ban reason of the wrong type", { body: { reason: 5 } }, 400, v400("reason")),
  c("admin", "POST", u("/ban"), "10 KB ban reason", { body: { reason: big } }, 400, v400("reason")),
  c("admin", "POST", u("/ban"), "ban with malformed JSON", { raw: "{reason" }, 400, badJson),
  c("admin", "POST", u("/ban"), "ban with an array body", { raw: "[]" }, 400, { code: "VALIDATION_FAILED" }),
  c("admin", "POST", "/api/admin/users/999999/unban", "unban an unknown user", {}, 404, notFound),
  c("admin", "POST", "/api/admin/users/abc/unban", "unban a non-numeric id", {}, 400, v400("id")),
  c("admin", "POST", "/api/admin/users/999999/adjust", "adjust an unknown user", { body: { amount: "1", reason: "r" } }, 404, notFound),
  c("admin", "POST", "/api/admin/users/abc/adjust", "adjust a non-numeric id", { body: { amount: "1", reason: "r" } }, 400, v400("id")),
  c("admin", "POST", u("/adjust"), "missing amount", { body: { reason: "r" } }, 400, v400("amount")),
  c("admin", "POST", u("/adjust"), "missing reason", { body: { amount: "1" } }, 400, v400("reason")),
  c("admin", "POST", u("/adjust"), "blank reason", { body: { amount: "1", reason: "  " } }, 400, v400("reason")),
  c("admin", "POST", u("/adjust"), "10 KB reason", { body: { amount: "1", reason: big } }, 400, v400("reason")),
  c("admin", "POST", u("/adjust"), "amount 1e30", { body: { amount: "1e30", reason: "r" } }, 400, amount400),
  c("admin", "POST", u("/adjust"), "amount 99999999999", { body: { amount: 99999999999, reason: "r" } }, 400, amount400),
  c("admin", "POST", u("/adjust"), "amount -99999999999", { body: { amount: "-99999999999", reason: "r" } }, 400, amount400),
  c("admin", "POST", u("/adjust"), "amount with 3 decimals", { body: { amount: "1.001", reason: "r" } }, 400, amount400),
  c("admin", "POST", u("/adjust"), "zero amount", { body: { amount: "0.00", reason: "r" } }, 400, amount400),
  c("admin", "POST", u("/adjust"), "SQL-looking amount", { body: { amount: sqlText, reason: "r" } }, 400, amount400),
  c("admin", "POST", u("/adjust"), "10 KB amount", { body: { amount: "1".repeat(10240), reason: "r" } }, 400, v400("amount")),
  c("admin", "POST", u("/adjust"), "amount of the wrong type", { body: { amount: true, reason: "r" } }, 400, v400("amount")),
  c("admin", "POST", u("/adjust"), "null amount", { body: { amount: null, reason: "r" } }, 400, v400("amount")),
  c("admin", "POST", u("/adjust"), "debit beyond the balance", { body: { amount: "-50.01", reason: "r" } }, 409, { code: "INSUFFICIENT_BALANCE" }),
  c("admin", "POST", u("/adjust"), "malformed JSON", { raw: '{"amount": 1, "reason": "r"' }, 400, badJson),

  // Admin: insights and broadcast
  c("admin", "GET", "/api/admin/activity-stats?range=monthly", "unknown range", {}, 400, v400("range")),
  c("admin", "GET", "/api/admin/leaderboard/richest", "unknown leaderboard", {}, 400, v400("category")),
  c("admin", "GET", "/api/admin/leaderboard/earnings?limit=0", "zero leaderboard limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/leaderboard/earnings?limit=abc", "non-numeric leaderboard limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/leaderboard/earnings?limit=101", "leaderboard limit too large", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/audit?limit=abc", "non-numeric audit limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/audit?limit=-1", "negative audit limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/broadcasts?limit=abc", "non-numeric broadcast limit", {}, 400, v400("limit")),
  c("admin", "GET", "/api/admin/broadcasts?limit=1000", "broadcast limit too large", {}, 400, v400("limit")),
  c("admin", "POST", "/api/admin/broadcast", "missing message", { body: {} }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "empty message", { body: { message: "" } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "whitespace message", { body: { message: " \n\t " } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "4-character message", { body: { message: "abcd" } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "4 characters after trimming", { body: { message: "   abcd   " } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "4001-character message", { body: { message: "a".repeat(4001) } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "10 KB message", { body: { message: big } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "message of the wrong type", { body: { message: 12345 } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcast", "malformed JSON", { raw: '{"message": "hello' }, 400, badJson),
  c("admin", "POST", "/api/admin/broadcast", "an unpaired Markdown underscore", { body: { message: "Ask @refbot_support for help" } }, 400, v400("message")),
  c("admin", "POST", "/api/admin/broadcasts/abc/cancel", "non-numeric broadcast id", {}, 400, v400("id")),
  c("admin", "POST", "/api/admin/broadcasts/999999/cancel", "unknown broadcast", {}, 404, { code: "NOT_FOUND" }),

  // User
  c("user", "GET", "/api/me/rank?category=wealth", "unknown rank category", {}, 400, v400("category")),
  c("user", "GET", `/api/me/rank?category=${encodeURIComponent(sqlText)}`, "SQL-looking rank category", {}, 400, v400("category")),
  c("user", "POST", "/api/me/wallet", "missing address", { body: {} }, 400, v400("address")),
  c("user", "POST", "/api/me/wallet", "address of the wrong type", { body: { address: 5 } }, 400, v400("address")),
  c("user", "POST", "/api/me/wallet", "short address", { body: { address: "0x1234" } }, 400, v400("address", "INVALID_ADDRESS")),
  c("user", "POST", "/api/me/wallet", "address of 41 hex", { body: { address: `0x${hex(41, "a")}` } }, 400, v400("address", "INVALID_ADDRESS")),
  c("user", "POST", "/api/me/wallet", "address without 0x", { body: { address: hex(40, "b") } }, 400, v400("address", "INVALID_ADDRESS")),
  c("user", "POST", "/api/me/wallet", "non-hex address", { body: { address: `0x${"z".repeat(40)}` } }, 400, v400("address", "INVALID_ADDRESS")),
  c("user", "POST", "/api/me/wallet", "mixed case with a wrong checksum", { body: { address: "" } }, 400, v400("address", "INVALID_ADDRESS")),
  c("user", "POST", "/api/me/wallet", "SQL-looking address", { body: { address: sqlText } }, 400, v400("address", "INVALID_ADDRESS")),
  c("user", "POST", "/api/me/wallet", "10 KB address", { body: { address: `0x${big}` } }, 400, v400("address")),
  c("user", "POST", "/api/me/wallet", "malformed JSON", { raw: "{address: 0x}" }, 400, badJson),
  c("user", "POST", "/api/me/withdraw", "missing amount", { body: {} }, 400, v400("amount")),
  c("user", "POST", "/api/me/withdraw", "amount 1e30", { body: { amount: "1e30" } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "amount 1e30 as a number", { body: { amount: 1e30 } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "amount 99999999999", { body: { amount: 99999999999 } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "amount with 3 decimals", { body: { amount: "10.001" } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "amount with 3 decimals as a number", { body: { amount: 10.001 } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "negative amount", { body: { amount: "-10" } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "negative amount as a number", { body: { amount: -10 } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "zero amount", { body: { amount: "0" } }, 400, { code: "BELOW_MINIMUM", field: "amount" }),
  c("user", "POST", "/api/me/withdraw", "below the minimum", { body: { amount: "9.99" } }, 400, { code: "BELOW_MINIMUM", field: "amount" }),
  c("user", "POST", "/api/me/withdraw", "exponent notation", { body: { amount: "1e1" } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "SQL-looking amount", { body: { amount: sqlText } }, 400, amount400),
  c("user", "POST", "/api/me/withdraw", "10 KB amount", { body: { amount: "1".repeat(10240) } }, 400, v400("amount")),
  c("user", "POST", "/api/me/withdraw", "amount of the wrong type", { body: { amount: [10] } }, 400, v400("amount")),
  c("user", "POST", "/api/me/withdraw", "null amount", { body: { amount: null } }, 400, v400("amount")),
  c("user", "POST", "/api/me/withdraw", "more than the balance", { body: { amount: "50.01" } }, 409, { code: "INSUFFICIENT_BALANCE" }),
  c("user", "POST", "/api/me/withdraw", "malformed JSON", { raw: '{"amount": "10"' }, 400, badJson),
  c("noWallet", "POST", "/api/me/withdraw", "no wallet set", { body: { amount: "10" } }, 409, { code: "WALLET_REQUIRED" }),
  c("open", "POST", "/api/me/withdraw", "a withdrawal already open", { body: { amount: "10" } }, 409, { code: "OPEN_WITHDRAWAL" }),
  c("user", "POST", "/api/tasks/999999/complete", "complete an unknown task", {}, 404, notFound),
  c("user", "POST", "/api/tasks/abc/complete", "complete a non-numeric id", {}, 400, v400("id")),
  c("user", "POST", "/api/tasks/0x1/complete", "complete a hex id", {}, 400, v400("id")),
  c("user", "POST", `/api/tasks/${encodeURIComponent("1; DROP TABLE users")}/complete`, "complete a SQL-looking id", {}, 400, v400("id")),
  c("user", "GET", "/api/leaderboard/richest", "unknown leaderboard", {}, 400, v400("category")),
  c("user", "GET", "/api/leaderboard/earnings?limit=abc", "non-numeric leaderboard limit", {}, 400, v400("limit")),
  c("user", "GET", "/api/leaderboard/activity?limit=0", "zero leaderboard limit", {}, 400, v400("limit")),
];

/** The path with ":id" for the fixture's ids, short enough for a test name. */
const label = (k: Case) => {
  const path = k.path(new Proxy({}, { get: () => ":id" }) as unknown as Fixture);
  return path.length > 70 ? `${path.slice(0, 60)}…` : path;
};

await forEachAppEngine(import.meta.path, ({ test, beforeAll, makeTestApp }) => {
  let t: TestApp;
  let f: Fixture;

  beforeAll(async () => {
    t = await makeTestApp();
    const admin = await t.adminHeaders();
    // Users come in through the API with the same profile they will keep sending, so later
    // requests write nothing (a changed name would be saved, legitimately).
    const newUser = async (wallet?: string) => {
      const headers = t.userHeaders(uniqueTgId());
      const me = (await t.request("GET", "/api/me", { headers })).body;
      await t.request("POST", `/api/admin/users/${me.id}/adjust`, { headers: admin, body: { amount: "50", reason: "fixture" } });
      if (wallet) expect((await t.request("POST", "/api/me/wallet", { headers, body: { address: wallet } })).status).toBe(200);
      return { headers, id: me.id as number };
    };
    const withdrawal = async (seed: string) => {
      const u = await newUser(addresses(seed).good);
      const res = await t.request("POST", "/api/me/withdraw", { headers: u.headers, body: { amount: "10" } });
      expect(res.status).toBe(201);
      return { ...u, withdrawalId: res.body.id as number };
    };
    const { good: userAddress, badChecksum } = addresses("user");
    const user = await newUser(userAddress);
    const noWallet = await newUser();
    const pending = await withdrawal("pending");
    const approved = await withdrawal("approved");
    const paid = await withdrawal("paid");
    const rejected = await withdrawal("rejected");
    for (const id of [approved.withdrawalId, paid.withdrawalId]) {
      expect((await t.request("PATCH", `/api/admin/withdrawals/${id}/approve`, { headers: admin })).status).toBe(200);
    }
    expect((await t.request("PATCH", `/api/admin/withdrawals/${paid.withdrawalId}/paid`, { headers: admin, body: { txHash: goodHash } })).status).toBe(200);
    expect((await t.request("PATCH", `/api/admin/withdrawals/${rejected.withdrawalId}/reject`, { headers: admin, body: { reason: "fixture" } })).status).toBe(200);
    const task = await t.makeTask();
    f = {
      admin,
      user: user.headers,
      noWallet: noWallet.headers,
      open: pending.headers,
      userId: user.id,
      taskId: task.id,
      pending: pending.withdrawalId,
      approved: approved.withdrawalId,
      paid: paid.withdrawalId,
      rejected: rejected.withdrawalId,
      badChecksum,
    };
  });

  function headersFor(as: Case["as"]): Record<string, string> {
    return as === "none" ? {} : f[as];
  }

  describe("bad input changes nothing and answers a 4xx { message, code }", () => {
    for (const k of cases) {
      test(`${k.method} ${label(k)}: ${k.name}`, async () => {
        let body = k.body;
        // Addresses that depend on the fixture.
        if (k.name === "mixed case with a wrong checksum") body = { address: f.badChecksum };
        const before = await t.snapshot();
        const res = await t.request(k.method, k.path(f), { body, raw: k.raw, headers: headersFor(k.as) });
        expect({ status: res.status, code: res.body?.code }).toEqual({ status: k.status, code: k.code ?? res.body?.code });
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(typeof res.body.message).toBe("string");
        expect(res.body.message.length).toBeGreaterThan(0);
        expect(res.body.code).toMatch(/^[A-Z][A-Z_]*$/);
        if (k.field) expect(res.body.message.toLowerCase()).toContain(k.field.toLowerCase());
        // Nothing internal leaks.
        expect(JSON.stringify(res.body)).not.toMatch(/SQLITE|postgres|duplicate key|violates|at .*\.ts:\d+|select |insert into/i);
        expect(await t.snapshot()).toEqual(before);
      });
    }
  });

  describe("SQL-looking text where text is allowed is only text", () => {
    test("searching for it finds nothing and every table is still there", async () => {
      const tablesBefore = Object.keys(await t.snapshot());
      const before = await t.snapshot();
      for (const search of [sqlText, "' OR 1=1 --", "%", "_", "0x' OR '1'='1", "\" OR \"\"=\""]) {
        const res = await t.request("GET", `/api/admin/users?search=${encodeURIComponent(search)}`, { headers: f.admin });
        expect(res.status).toBe(200);
        expect(res.body).toEqual([]);
      }
      expect(await t.snapshot()).toEqual(before);
      expect(Object.keys(await t.snapshot())).toEqual(tablesBefore);
    });

    test("a ban reason and an adjustment reason are stored exactly as typed", async () => {
      const app = await makeTestApp();
      const admin = await app.adminHeaders();
      const user = await app.makeUser();
      const ban = await app.request("POST", `/api/admin/users/${user.id}/ban`, { headers: admin, body: { reason: sqlText } });
      expect(ban.status).toBe(200);
      expect(ban.body.banReason).toBe(sqlText);
      const adjust = await app.request("POST", `/api/admin/users/${user.id}/adjust`, { headers: admin, body: { amount: "1", reason: sqlText } });
      expect(adjust.status).toBe(200);
      expect(adjust.body.entry.note).toBe(sqlText);
      expect((await app.userRow(user.id)).banReason).toBe(sqlText);
      expect((await app.request("GET", "/api/admin/users", { headers: admin })).body).toHaveLength(1);
    });
  });
});

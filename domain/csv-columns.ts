// The CSV columns of the lists admins export, written once for the CLI's --csv and the admin API's
// export routes: the header of each column and what it holds. A row is the list's item as the API
// answers it, its times still Dates on the server and ISO text once a client has read the JSON;
// either way the cell is the ISO text, so both files are alike byte for byte.
import type { CsvColumn } from "./csv.ts";
import { fullName } from "./display-name.ts";

type Time = Date | string;

const isoTime = (time: Time) => (typeof time === "string" ? time : time.toISOString());

/** A withdrawal request as the admin lists show it. */
type WithdrawalItem = {
  id: number;
  username: string | null;
  tgId: number;
  amountUsdt: string;
  addressBep20: string;
  status: string;
  createdAt: Time;
  txHash: string | null;
  failReason: string | null;
  userBanned: boolean;
};

export const withdrawalCsvColumns: CsvColumn<WithdrawalItem>[] = [
  { name: "id", value: (w) => w.id },
  { name: "username", value: (w) => w.username },
  { name: "tg_id", value: (w) => w.tgId },
  { name: "amount", value: (w) => w.amountUsdt },
  { name: "address", value: (w) => w.addressBep20 },
  { name: "status", value: (w) => w.status },
  { name: "created_at", value: (w) => isoTime(w.createdAt) },
  { name: "tx_hash", value: (w) => w.txHash },
  { name: "reject_reason", value: (w) => w.failReason },
  { name: "user_banned", value: (w) => w.userBanned },
];

/** A user as the admin lists show them. */
type UserItem = {
  id: number;
  tgId: number;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  balanceUsdt: string;
  qualifiedReferrals: number;
  isBanned: boolean;
  walletBep20: string | null;
  totalEarned: string;
  tasksCompleted: number;
  createdAt: Time;
};

export const userCsvColumns: CsvColumn<UserItem>[] = [
  { name: "id", value: (u) => u.id },
  { name: "tg_id", value: (u) => u.tgId },
  { name: "username", value: (u) => u.username },
  { name: "name", value: (u) => fullName(u) || "-" },
  { name: "balance", value: (u) => u.balanceUsdt },
  { name: "qualified_referrals", value: (u) => u.qualifiedReferrals },
  { name: "banned", value: (u) => u.isBanned },
  { name: "wallet", value: (u) => u.walletBep20 },
  { name: "total_earned", value: (u) => u.totalEarned },
  { name: "tasks_completed", value: (u) => u.tasksCompleted },
  { name: "created_at", value: (u) => isoTime(u.createdAt) },
];

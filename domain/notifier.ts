// Messages to users about their money. A process with a bot queues each in the database as its
// action commits (queuedNotifier, notices.ts), and the senders deliver it; the action never waits
// on it nor fails with it.
export type Notice =
  | { kind: "withdrawal_approved"; tgId: number; amount: string }
  | { kind: "withdrawal_paid"; tgId: number; amount: string; txHash: string }
  | { kind: "withdrawal_rejected"; tgId: number; amount: string; reason: string }
  | { kind: "referral_qualified"; tgId: number; friend: string; bonus: string; /** Hours the bonus is held before it can be spent; 0 when paid at once. */ heldHours: number };

export type Notifier = { notify(notice: Notice): void };

export const silentNotifier: Notifier = { notify() {} };

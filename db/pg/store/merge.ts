// One statement for many callers. Where many calls of the same statement are made at once (the
// completions of a grouped batch, each at the same step of its program; the sign-in lookups of
// concurrent requests), what they cost PostgreSQL and the client is mostly per statement: the
// message, the executor's start, the answer. So calls made together are collected, sent as one
// statement over arrays (unnest), and each caller gets its own row back.

type Call<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * When the calls collected so far are sent:
 * - "turn": after this turn of the event loop, for calls from separate requests, which arrive in
 *   separate callbacks of one turn;
 * - "settled": once the microtasks have run a few rounds without adding a call, for the programs
 *   of one batch, which all go on from the one answer that reached them together. Waiting for the
 *   turn to end there would leave PostgreSQL idle while the server reads and answers requests.
 */
export type MergeWait = "turn" | "settled";

/** Rounds of microtasks without a new call after which "settled" sends: a program's step takes a few. */
const quietRounds = 4;

/**
 * A statement for several inputs, answering in their order, called with the calls collected as
 * `wait` says. An error fails every call it carried: in a transaction, the transaction is
 * aborted anyway. A call that comes after its statement was sent goes with the next one.
 */
export function merged<I, O>(many: (inputs: I[]) => Promise<O[]>, wait: MergeWait): (input: I) => Promise<O> {
  let calls: Call<I, O>[] | undefined;
  const send = () => {
    const sent = calls!;
    calls = undefined;
    many(sent.map((c) => c.input)).then(
      (outputs) => sent.forEach((c, i) => c.resolve(outputs[i]!)),
      (error) => sent.forEach((c) => c.reject(error)),
    );
  };
  const whenSettled = () => {
    let seen = 0;
    let quiet = 0;
    const check = () => {
      if (calls!.length > seen) [seen, quiet] = [calls!.length, 0];
      else if (++quiet >= quietRounds) return send();
      queueMicrotask(check);
    };
    queueMicrotask(check);
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (!calls) {
        calls = [];
        if (wait === "turn") setImmediate(send);
        else whenSettled();
      }
      calls.push({ input, resolve, reject });
    });
}

/** Splits `items` into rounds in which no key comes twice, each in the order given. */
export function roundsByKey<T>(items: readonly T[], key: (item: T) => unknown): T[][] {
  const rounds: { keys: Set<unknown>; items: T[] }[] = [];
  for (const item of items) {
    const k = key(item);
    let round = rounds.find((r) => !r.keys.has(k));
    if (!round) rounds.push((round = { keys: new Set(), items: [] }));
    round.keys.add(k);
    round.items.push(item);
  }
  return rounds.map((r) => r.items);
}

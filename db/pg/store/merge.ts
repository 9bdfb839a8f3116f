// One statement for many callers. Where many calls of the same statement are made at once (the
// completions of a grouped batch, each at the same step of its program; the sign-in lookups of
// concurrent requests), what they cost PostgreSQL and the client is mostly per statement: the
// message, the executor's start, the answer. So calls made together are collected, sent as one
// statement over arrays (unnest), and each caller gets its own row back.

type Call<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * A statement for several inputs (`forAll`), answering in their order, called once per turn of the event
 * loop with the calls of that turn: the requests of one turn arrive in separate callbacks, and the
 * programs of one batch reach the same step together, from the one answer that reached them all.
 * An error fails every call it carried: in a transaction, the transaction is aborted anyway. A
 * call that comes after its statement was sent goes with the next one.
 */
export function merged<I, O>(forAll: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let calls: Call<I, O>[] | undefined;
  const send = () => {
    const sent = calls!;
    calls = undefined;
    forAll(sent.map((call) => call.input)).then(
      (outputs) => sent.forEach((call, i) => call.resolve(outputs[i]!)),
      (error) => sent.forEach((call) => call.reject(error)),
    );
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (!calls) {
        calls = [];
        setImmediate(send);
      }
      calls.push({ input, resolve, reject });
    });
}

/** Rows looked up by one key, merged: `rows` reads the rows of several keys, `keyOf` names each. */
export function mergedLookup<K, R>(rows: (keys: K[]) => Promise<R[]>, keyOf: (row: R) => K): (key: K) => Promise<R | undefined> {
  return merged(async (keys) => {
    const found = new Map((await rows(keys)).map((row) => [keyOf(row), row]));
    return keys.map((key) => found.get(key));
  });
}

/** Splits `items` into rounds in which no key comes twice, each in the order given. */
export function roundsByKey<T>(items: readonly T[], key: (item: T) => unknown): T[][] {
  const rounds: { keys: Set<unknown>; items: T[] }[] = [];
  for (const item of items) {
    const itemKey = key(item);
    let round = rounds.find((r) => !r.keys.has(itemKey));
    if (!round) rounds.push((round = { keys: new Set(), items: [] }));
    round.keys.add(itemKey);
    round.items.push(item);
  }
  return rounds.map((r) => r.items);
}

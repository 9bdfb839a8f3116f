// One statement for many callers. Where many calls of the same statement are made at once (the
// completions of a grouped batch, each at the same step of its program; the sign-in lookups of
// concurrent requests), what they cost PostgreSQL and the client is mostly per statement: the
// message, the executor's start, the answer. So the calls one turn of the event loop makes are
// collected, sent as one statement over arrays (unnest), and each caller gets its own row back.

type Call<I, O> = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };

/**
 * A statement for several inputs, answering in their order, called once per turn with the calls
 * of that turn. An error fails every call it carried: in a transaction, the transaction is
 * aborted anyway.
 */
export function merged<I, O>(many: (inputs: I[]) => Promise<O[]>): (input: I) => Promise<O> {
  let calls: Call<I, O>[] | undefined;
  const send = () => {
    const sent = calls!;
    calls = undefined;
    many(sent.map((c) => c.input)).then(
      (outputs) => sent.forEach((c, i) => c.resolve(outputs[i]!)),
      (error) => sent.forEach((c) => c.reject(error)),
    );
  };
  return (input) =>
    new Promise<O>((resolve, reject) => {
      if (!calls) {
        calls = [];
        // After the microtasks of this turn: the other programs of a batch reach the same step in
        // them, as the answer that let them go on reached them all at once.
        setImmediate(send);
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

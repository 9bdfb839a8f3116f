import { beforeEach, describe, expect, test } from "bun:test";
import { ApiError } from "./http.ts";
import { clearQueries, invalidate, readQuery, refetchQuery, setQueryData, showQuery } from "./query.ts";

// Each test uses keys of its own: the cache is one per page, as in the apps.
let n = 0;
let prefix = "";
beforeEach(() => {
  prefix = `t${++n}`;
});

/** A fetcher that counts its calls and answers what `next` says, once the test lets it. */
function counting<T>(next: () => T) {
  const fetcher = { calls: 0, current: async () => (fetcher.calls++, next()) };
  return fetcher;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("the query cache", () => {
  test("a key shown twice is fetched once, and both see the data", async () => {
    const key = `${prefix}/list`;
    const a = counting(() => [1]);
    const b = counting(() => [2]);
    showQuery(key, a);
    showQuery(key, b);
    expect(readQuery(key)).toMatchObject({ isLoading: true, isFetching: true });
    await settle();
    expect(a.calls + b.calls).toBe(1);
    expect(readQuery(key)).toEqual({ data: [1], error: undefined, isLoading: false, isFetching: false });
  });

  test("a failed refetch keeps the data it had and says why", async () => {
    const key = `${prefix}/x`;
    let fail = false;
    const fetcher = counting(() => {
      if (fail) throw new ApiError("down", 503, "UNAVAILABLE");
      return "first";
    });
    showQuery(key, fetcher);
    await settle();
    fail = true;
    await refetchQuery(key, fetcher.current);
    expect(readQuery(key)).toMatchObject({ data: "first", error: { message: "down" }, isLoading: false });
  });

  test("invalidate refetches shown keys under the prefix with the newest fetcher, and waits for them", async () => {
    let value = 1;
    const older = counting(() => `old ${value}`);
    const newer = counting(() => `new ${value}`);
    showQuery(`${prefix}/a`, older);
    showQuery(`${prefix}/a`, newer);
    showQuery(`${prefix}?page=2`, counting(() => value));
    showQuery(`${prefix}x`, counting(() => value));
    await settle();
    value = 2;
    await invalidate(prefix);
    expect(readQuery(`${prefix}/a`).data).toBe("new 2");
    expect(readQuery(`${prefix}?page=2`).data).toBe(2);
    expect(readQuery(`${prefix}x`).data).toBe(1);
  });

  test("a change during a request refetches after it, since that request may predate the change", async () => {
    const key = `${prefix}/slow`;
    let value = "before";
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetcher = counting(async () => {
      const seen = value;
      if (fetcher.calls === 1) await gate;
      return seen;
    });
    showQuery(key, fetcher);
    await settle();
    value = "after";
    const done = invalidate(key);
    release();
    await done;
    expect(fetcher.calls).toBe(2);
    expect(readQuery(key).data).toBe("after");
  });

  test("a key not shown at the change keeps its data and refetches when next shown", async () => {
    const key = `${prefix}/hidden`;
    let value = 1;
    const fetcher = counting(() => value);
    const hide = showQuery(key, fetcher);
    await settle();
    hide();
    value = 2;
    await invalidate(prefix);
    expect(fetcher.calls).toBe(1);
    showQuery(key, fetcher);
    expect(readQuery(key)).toMatchObject({ data: 1, isFetching: true });
    await settle();
    expect(readQuery(key).data).toBe(2);
  });

  test("data put in by hand is not fetched again; clearing forgets what nobody shows", async () => {
    const key = `${prefix}/me`;
    setQueryData(key, { id: 7 });
    const fetcher = counting(() => ({ id: 8 }));
    const hide = showQuery(key, fetcher);
    expect(fetcher.calls).toBe(0);
    hide();
    clearQueries();
    expect(readQuery(key).isLoading).toBe(true);
  });
});

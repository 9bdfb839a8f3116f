import { expect, test } from "bun:test";
import { createLog } from "@/observe/log.ts";
import { reachability } from "./reachability.ts";

function clocked() {
  let t = 0;
  const reach = reachability({ firstPauseMs: 50, longestPauseMs: 400, now: () => t });
  return { reach, advance: (ms: number) => void (t += ms) };
}

test("reachable: everyone goes; after a loss, the others are told it is away until a probe is due", async () => {
  const { reach, advance } = clocked();
  expect([await reach.enter(), await reach.enter()]).toEqual(["go", "go"]);
  reach.report("go", false);
  expect(reach.isAway()).toBe(true);
  expect(await reach.enter()).toBe("away");
  advance(50);
  expect(await reach.enter()).toBe("probe");
  reach.report("probe", true);
  expect([reach.isAway(), await reach.enter()]).toEqual([false, "go"]);
});

test("each failed probe doubles the pause, up to the longest; reaching the database resets it", async () => {
  const { reach, advance } = clocked();
  reach.report("go", false);
  const pauses: number[] = [];
  for (let i = 0; i < 6; i++) {
    let waited = 0;
    while ((await reach.enter()) === "away") {
      advance(10);
      waited += 10;
    }
    pauses.push(waited);
    reach.report("probe", false);
  }
  expect(pauses).toEqual([50, 100, 200, 400, 400, 400]);
  advance(400);
  expect(await reach.enter()).toBe("probe");
  reach.report("probe", true);
  reach.report("go", false);
  advance(49);
  expect(await reach.enter()).toBe("away");
  advance(1);
  expect(await reach.enter()).toBe("probe");
});

test("losses of attempts that began before the first do not lengthen the pause", async () => {
  const { reach, advance } = clocked();
  for (let i = 0; i < 20; i++) reach.report("go", false);
  advance(50);
  expect(await reach.enter()).toBe("probe");
});

test("callers arriving during a probe wait for it and go with its outcome", async () => {
  const { reach, advance } = clocked();
  reach.report("go", false);
  advance(50);
  expect(await reach.enter()).toBe("probe");
  const waiting = [reach.enter(), reach.enter()];
  reach.report("probe", true);
  expect(await Promise.all(waiting)).toEqual(["go", "go"]);

  reach.report("go", false);
  advance(50);
  expect(await reach.enter()).toBe("probe");
  const waitingAgain = [reach.enter(), reach.enter()];
  reach.report("probe", false);
  expect(await Promise.all(waitingAgain)).toEqual(["away", "away"]);
});

test("onChange hears each change between reachable and away, once", async () => {
  let t = 0;
  const changes: boolean[] = [];
  const reach = reachability({ firstPauseMs: 50, now: () => t, onChange: (away) => changes.push(away) });
  reach.report("go", true);
  reach.report("go", false);
  reach.report("go", false);
  t += 50;
  reach.report(await reach.enter(), false);
  t += 100;
  reach.report(await reach.enter(), true);
  reach.report("go", true);
  expect(changes).toEqual([true, false]);
});

test("losing the database is one error line however many attempts fail, and finding it back one info line with how long it was away", async () => {
  const written: string[] = [];
  const log = createLog({ level: "trace", destination: { write: (line: string) => void written.push(line) } });
  let t = 0;
  const reach = reachability({ firstPauseMs: 50, longestPauseMs: 400, now: () => t, log });
  for (let i = 0; i < 5; i++) reach.report("go", false);
  t += 50;
  expect(await reach.enter()).toBe("probe");
  reach.report("probe", false);
  t += 1_200;
  expect(await reach.enter()).toBe("probe");
  reach.report("probe", true);
  reach.report("go", true);
  expect(written.map((line) => JSON.parse(line)).map(({ level, msg, awaySeconds }) => ({ level, msg, awaySeconds }))).toEqual([
    { level: "error", msg: "database unreachable: requests are answered 503 DATABASE_UNAVAILABLE until it is back", awaySeconds: undefined },
    { level: "info", msg: "database reachable again", awaySeconds: 1.3 },
  ]);
});

// The log's lines written a turn of the event loop at a time: what a busy moment's answers log
// goes out in one write at the end of the turn, instead of a write each, which costs a request
// more than making its line. The process's last lines are written as it exits.
import type { DestinationStream } from "pino";

export function linesPerTurn(out: DestinationStream): DestinationStream {
  let pending = "";
  const flush = () => {
    if (pending === "") return;
    const text = pending;
    pending = "";
    out.write(text);
  };
  process.once("exit", flush);
  return {
    write(line: string) {
      if (pending === "") setImmediate(flush);
      pending += line;
    },
  };
}

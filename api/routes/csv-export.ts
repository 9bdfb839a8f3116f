// The admin lists' CSV exports: the whole list a filter picks, read from the store a page at a
// time and sent as each page is read, so a list of any length never sits in memory whole. The
// columns are the CLI's (domain/csv-columns.ts), and so is the formula guard (domain/csv.ts).
import { csvChunks, type CsvColumn } from "@/domain/csv.ts";

/** Rows per read of the store while an export streams. */
const exportPageSize = 1000;

/**
 * Every row `read` gives, newest first, `exportPageSize` at a time, each page below the last id of
 * the one before. The first page is read before anything is sent, so a refusal (a database that
 * cannot be reached) answers as the API's error rather than as a file cut short.
 */
export async function pagesById<T extends { id: number }>(read: (limit: number, before?: number) => Promise<T[]>): Promise<AsyncIterable<T[]>> {
  const first = await read(exportPageSize);
  return (async function* () {
    let page = first;
    yield page;
    while (page.length === exportPageSize) {
      page = await read(exportPageSize, page.at(-1)!.id);
      yield page;
    }
  })();
}

/**
 * A body that asks for its next chunk only when the client has taken the one before: a slow
 * reader holds back the reads of the store, and one that goes away ends them.
 */
function streamOf(chunks: AsyncGenerator<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(encoder.encode(value));
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The CSV file `name` of `pages`, to be saved rather than shown. */
export function csvFile<T>(name: string, columns: readonly CsvColumn<T>[], pages: AsyncIterable<readonly T[]> | Iterable<readonly T[]>): Response {
  return new Response(streamOf(csvChunks(columns, pages)), {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name}"`,
      // The rows change with every action taken on them; a copy kept anywhere would be stale.
      "cache-control": "no-store",
    },
  });
}

// How the server's process is started, beside its code: what Bun's allocator (mimalloc) reads
// from the environment as the process starts, so no setting made once it runs can reach it.
//
// mimalloc hands freed pages back to the kernel a few milliseconds after they fall free, and the
// next requests fault them in again. A server frees in waves (the garbage collector finalizes a
// few thousand requests' native memory at once), so under load it returned and refaulted
// hundreds of pages a second: about 1 800 madvise calls and 21 000 page faults in 3 s of
// GET /api/me, 8 µs of CPU a read on these machines, whose page tables are virtualized. Kept,
// the pages are reused: no madvise, a few dozen faults, and the process holds its high-water
// mark instead (about 220 MB against 137 MB under the bench's reads).
//
// `npm start` (package.json) and the systemd unit (deploy/systemd/refbot@.service) set it, held
// to this value by tests/npm-scripts.test.ts; the bench's servers take it from here.
export const allocatorEnv = { MIMALLOC_PURGE_DELAY: "-1" } as const;

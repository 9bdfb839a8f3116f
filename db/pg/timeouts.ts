// How long the server waits on PostgreSQL by default (DATABASE_TIMEOUT), in seconds: to connect,
// and on a statement before asking whether its connection lives (store/liveness.ts). A few
// seconds: a request on a database that cannot be reached is answered 503 in about this long.
export const defaultTimeoutSeconds = 2;

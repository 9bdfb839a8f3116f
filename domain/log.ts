// Where the rules write what an operator should hear of and no caller is told: a failure the rules
// chose not to pass on. A port: the process hands in its log (deps.log), and without one the
// lines go nowhere. Fields first, then the message, as the process's log takes them.
export type LogLine = (fields: Record<string, unknown>, message: string) => void;

export type DomainLog = { debug: LogLine; info: LogLine; warn: LogLine; error: LogLine };

// Which compression a client takes, read from its Accept-Encoding header. The web files and the
// large JSON answers both ask here, so "q=0 means no" and "brotli before gzip" hold everywhere.

export type Encoding = "br" | "gzip";

/** The file name ending of each encoding's precompressed copy, written by the web build. */
export const encodingSuffix: Record<Encoding, string> = { br: ".br", gzip: ".gz" };

/**
 * The encodings the client takes, best first (empty for none). A q value sets the order and
 * q=0 refuses (RFC 9110 §12.5.3); `*` stands for an encoding the header does not name; on equal
 * weight brotli comes first, being about an eighth smaller than gzip on our scripts.
 */
export function acceptedEncodings(header: string | null | undefined): readonly Encoding[] {
  if (!header) return none;
  // Browsers send one of a handful of exact strings, so each is parsed once.
  let encodings = parsed.get(header);
  if (!encodings) {
    if (parsed.size >= 64) parsed.clear(); // Unusual headers cannot make it grow without end.
    encodings = Object.freeze(parse(header));
    parsed.set(header, encodings);
  }
  return encodings;
}

const none: readonly Encoding[] = Object.freeze([]);
const parsed = new Map<string, readonly Encoding[]>();

function parse(header: string): Encoding[] {
  let br: number | undefined;
  let gzip: number | undefined;
  let any: number | undefined;
  for (const part of header.split(",")) {
    const [rawName = "", ...params] = part.split(";");
    const name = rawName.trim().toLowerCase();
    if (name !== "br" && name !== "gzip" && name !== "x-gzip" && name !== "*") continue;
    let q = 1;
    for (const param of params) {
      const [key, value] = param.split("=");
      // A malformed weight counts as a refusal rather than as a yes.
      if (key?.trim().toLowerCase() === "q") q = Number(value) || 0;
    }
    if (name === "br") br = q;
    else if (name === "*") any = q;
    else gzip = Math.max(gzip ?? 0, q);
  }
  const weights: [Encoding, number][] = [
    ["br", br ?? any ?? 0],
    ["gzip", gzip ?? any ?? 0],
  ];
  return weights
    .filter(([, q]) => q > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([encoding]) => encoding);
}

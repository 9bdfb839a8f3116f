// Prometheus's text format read back, for tests of what /metrics answers: each sample by its name
// and labels.
export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Exposition = { text: string; samples: Sample[] };

export function samples(text: string): Exposition {
  const found: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[key!] = value!;
    found.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return { text, samples: found };
}

/** The value of the one sample with this name and these labels (and maybe others), or undefined. */
export function sample(exposition: Exposition, name: string, labels: Record<string, string> = {}): number | undefined {
  const matching = exposition.samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value;
}

// Reading Prometheus text in tests: a sample by name and labels, whatever their order.

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

export type Sample = { name: string; labels: Record<string, string>; value: number };

export const parseMetrics = (text: string): Sample[] =>
  text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .flatMap((line) => {
      const match = SAMPLE.exec(line);
      if (!match) return [];
      const labels = Object.fromEntries([...(match[2] ?? '').matchAll(LABEL)].map((label) => [label[1]!, label[2]!]));
      return [{ name: match[1]!, labels, value: Number(match[3]) }];
    });

/** The value of the one sample with this name carrying at least these labels; undefined when there is none. */
export const readSample = (text: string, name: string, labels: Record<string, string> = {}) => {
  const matches = parseMetrics(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  if (matches.length > 1)
    throw new Error(`${matches.length} samples of ${name} match ${JSON.stringify(labels)}; name more labels`);
  return matches[0]?.value;
};

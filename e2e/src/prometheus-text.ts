// Test support: a reader of Prometheus' text exposition format 0.0.4 (what `/metrics` answers), so
// that tests check metric families, HELP texts and samples rather than grep lines.

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
  /** The sample's timestamp (ms since the epoch) when it has one, as the kubelet's /metrics/resource writes them. */
  readonly timestampMs?: number;
}

export interface Exposition {
  readonly help: ReadonlyMap<string, string>;
  readonly type: ReadonlyMap<string, string>;
  readonly samples: readonly Sample[];
}

export function parsePrometheusText(text: string): Exposition {
  const help = new Map<string, string>();
  const type = new Map<string, string>();
  const samples: Sample[] = [];
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
    if (comment !== null) {
      const [, kind, name = '', rest = ''] = comment;
      if (kind === 'HELP') help.set(name, rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\'));
      else type.set(name, rest);
      continue;
    }
    if (line.startsWith('#')) continue;
    samples.push(parseSample(line, index + 1));
  }
  return { help, type, samples };
}

function parseSample(line: string, lineNumber: number): Sample {
  const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0];
  if (name === undefined) throw new Error(`line ${lineNumber}: no metric name: ${line}`);
  let at = name.length;
  const labels: Record<string, string> = {};
  if (line[at] === '{') {
    at++;
    while (line[at] !== '}') {
      const label = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)="/.exec(line.slice(at));
      if (label === null) throw new Error(`line ${lineNumber}: bad label at ${at}: ${line}`);
      at += label[0].length;
      let value = '';
      while (line[at] !== '"') {
        if (at >= line.length) throw new Error(`line ${lineNumber}: unterminated label value: ${line}`);
        if (line[at] === '\\') {
          const escaped = line[at + 1];
          value += escaped === 'n' ? '\n' : (escaped ?? '');
          at += 2;
        } else value += line[at++];
      }
      labels[label[1] as string] = value;
      at++;
      if (line[at] === ',') at++;
    }
    at++;
  }
  const [valueText, timestampText] = line.slice(at).trim().split(/\s+/);
  const value = valueText === '+Inf' ? Number.POSITIVE_INFINITY : valueText === '-Inf' ? Number.NEGATIVE_INFINITY : Number(valueText);
  if (valueText === undefined || (Number.isNaN(value) && valueText !== 'NaN')) throw new Error(`line ${lineNumber}: bad value: ${line}`);
  if (timestampText === undefined) return { name, labels, value };
  const timestampMs = Number(timestampText);
  if (!Number.isInteger(timestampMs)) throw new Error(`line ${lineNumber}: bad timestamp: ${line}`);
  return { name, labels, value, timestampMs };
}

/** The value of the one sample of `name` whose labels include `labels`; undefined when there is none. */
export function sampleValue(exposition: Exposition, name: string, labels: Readonly<Record<string, string>> = {}): number | undefined {
  const matching = exposition.samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
  if (matching.length > 1) throw new Error(`${matching.length} samples of ${name} match ${JSON.stringify(labels)}`);
  return matching[0]?.value;
}

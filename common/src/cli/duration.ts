// Durations written as Kubernetes flags and configuration files write them (Go's
// time.ParseDuration): "300ms", "5m", "1h30m", "0"; Go's error words for a bad one, and
// Duration.String() ("1m0s", "500ms") for printing one.

const unitMs: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** The duration in milliseconds, or undefined when the text is not a duration. */
export function parseDuration(text: string): number | undefined {
  if (text === '0') return 0;
  const whole = /^([+-]?)((?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|ms|s|m|h))+$/u;
  if (!whole.test(text)) return undefined;
  let total = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h)/gu)) {
    total += Number(amount) * (unitMs[unit as string] as number);
  }
  return text.startsWith('-') ? -total : total;
}

/** Milliseconds, or the error time.ParseDuration gives for the text. */
export function parseGoDuration(text: string): number | { readonly error: string } {
  const ms = parseDuration(text);
  if (ms !== undefined) return ms;
  const quoted = JSON.stringify(text);
  if (/^[+-]?(?:\d+\.?\d*|\.\d+)$/.test(text)) return { error: `time: missing unit in duration ${quoted}` };
  const unit = /^[+-]?(?:\d+\.?\d*|\.\d+)([^\d.]+)/.exec(text)?.[1];
  if (unit !== undefined && !/^(?:ns|us|µs|μs|ms|s|m|h)/.test(unit)) return { error: `time: unknown unit ${JSON.stringify(unit)} in duration ${quoted}` };
  return { error: `time: invalid duration ${quoted}` };
}

/** Duration.String() of a number of milliseconds: "1h2m3.5s", "1m0s", "1.5ms", "0s". */
export function formatGoDuration(ms: number): string {
  if (ms === 0) return '0s';
  const sign = ms < 0 ? '-' : '';
  const magnitude = Math.abs(ms);
  if (magnitude < 1) return `${sign}${trimmed(magnitude * 1000)}µs`;
  if (magnitude < 1000) return `${sign}${trimmed(magnitude)}ms`;
  const hours = Math.floor(magnitude / 3_600_000);
  const minutes = Math.floor(magnitude / 60_000) % 60;
  const seconds = trimmed((magnitude % 60_000) / 1000);
  if (hours > 0) return `${sign}${hours}h${minutes}m${seconds}s`;
  if (minutes > 0) return `${sign}${minutes}m${seconds}s`;
  return `${sign}${seconds}s`;
}

/** A decimal without floating-point noise (nanosecond precision) and without trailing zeros. */
function trimmed(value: number): string {
  return String(Number(value.toFixed(6)));
}

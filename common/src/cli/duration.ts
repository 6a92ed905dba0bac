// Durations written as Kubernetes flags write them (Go's time.ParseDuration): "300ms", "5m", "1h30m", "0".

const unitMs: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, 'µs': 1e-3, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

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

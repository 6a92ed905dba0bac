// Go durations as the kubelet's configuration reads and prints them: time.ParseDuration's error
// words for a bad text, and Duration.String() ("1m0s", "500ms") for the values its messages show.

import { parseDuration } from '@capstan/common';

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

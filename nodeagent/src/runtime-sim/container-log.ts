// Container log lines in the CRI log format that the kubelet reads for `kubectl logs`
// (kuberuntime/logs): `<RFC3339Nano timestamp> <stdout|stderr> <F|P> <content>`. A line longer
// than the runtime's maximum is split into partial (P) lines ending in a full (F) one, as
// containerd does with its 16 KiB default.

import type { LogStream } from './lifecycle.ts';

export const maxLogLineLength = 16 * 1024;

/** The timestamp with nine fraction digits and a Z (the kubelet's RFC3339NanoFixed, in UTC). */
export function criTimestamp(ms: number): string {
  const whole = Math.floor(ms);
  const iso = new Date(whole).toISOString();
  const subMillis = Math.min(999_999, Math.round((ms - whole) * 1e6));
  return `${iso.slice(0, 23)}${String(subMillis).padStart(6, '0')}Z`;
}

/** The log records of what a process printed at one moment: one F line per line of `text`. */
export function criLogLines(ms: number, stream: LogStream, text: string): string {
  const timestamp = criTimestamp(ms);
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  let out = '';
  for (const line of body.split('\n')) {
    for (let offset = 0; offset + maxLogLineLength < line.length; offset += maxLogLineLength) {
      out += `${timestamp} ${stream} P ${line.slice(offset, offset + maxLogLineLength)}\n`;
    }
    const last = line.length === 0 ? '' : line.slice(Math.floor((line.length - 1) / maxLogLineLength) * maxLogLineLength);
    out += `${timestamp} ${stream} F ${last}\n`;
  }
  return out;
}

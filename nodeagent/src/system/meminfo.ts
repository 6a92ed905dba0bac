// /proc/meminfo: the node's memory and swap totals, as cadvisor and the kubelet read them.

import { readFileSync } from 'node:fs';

/** Each field's value: bytes for the "kB" fields, a plain count for the HugePages_* ones. */
export function parseMeminfo(text: string): ReadonlyMap<string, number> {
  const fields = new Map<string, number>();
  for (const line of text.split('\n')) {
    const match = /^([^:]+):\s+(\d+)(?:\s+(kB))?\s*$/.exec(line);
    if (match === null) continue;
    const [, name, value, unit] = match;
    fields.set(name as string, Number(value) * (unit === 'kB' ? 1024 : 1));
  }
  return fields;
}

export function readMeminfo(path = '/proc/meminfo'): ReadonlyMap<string, number> {
  return parseMeminfo(readFileSync(path, 'utf8'));
}

/** A field in bytes (or count); throws when the kernel does not report it. */
export function meminfoField(meminfo: ReadonlyMap<string, number>, name: string): number {
  const value = meminfo.get(name);
  if (value === undefined) throw new Error(`/proc/meminfo has no ${name}`);
  return value;
}

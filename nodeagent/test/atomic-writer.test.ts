// The kubelet's atomic writer as the agent's volumes use it: writes to one directory at once are
// applied one after another, leaving one timestamped directory and the last payload's names.

import test from 'ava';
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeAtomically, type Payload } from '../src/pods/volumes/atomic-writer.ts';

const payloadOf = (files: Record<string, string>): Payload => new Map(Object.entries(files).map(([path, text]) => [path, { data: Buffer.from(text), mode: 0o644 }]));

test('writes to one directory at once do not interleave: one timestamped directory, the last payload visible', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-atomic-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const writes = [];
  for (let i = 0; i < 8; i++) {
    const files: Record<string, string> = { 'app.conf': `level=${i}\n` };
    if (i % 2 === 0) files.extra = 'x';
    writes.push(writeAtomically(dir, payloadOf(files)));
  }
  await Promise.all(writes);
  const data = readlinkSync(join(dir, '..data'));
  const stamped = readdirSync(dir).filter((name) => name.startsWith('..') && name !== '..data');
  t.deepEqual(stamped, [data], 'only the directory ..data points at is left');
  t.deepEqual(
    readdirSync(dir).filter((name) => !name.startsWith('..')),
    ['app.conf'],
  );
  t.is(readFileSync(join(dir, 'app.conf'), 'utf8'), 'level=7\n');
});

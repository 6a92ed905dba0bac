// The audit backends' behaviour as kube's: truncation of large events, batches by size and by
// wait, nothing lost at shutdown, and a log file that rotates into lumberjack's backup names.

import test from 'ava';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '@capstan/common';
import type { AuditBackend, EventSender } from '../src/audit/audit-backend.ts';
import type { AuditEvent } from '../src/audit/audit-event.ts';
import { BatchBuffer, type BatchConfig } from '../src/audit/batch-buffer.ts';
import { RotatingLogFile, backupName } from '../src/audit/rotating-log-file.ts';
import { truncatingBackend } from '../src/audit/truncate-backend.ts';

const logger = createLogger({ name: 'audit-backends-test', format: 'json', level: 'silent' });

function event(auditID: string, body = ''): AuditEvent {
  return {
    level: 'RequestResponse',
    auditID,
    stage: 'ResponseComplete',
    requestURI: '/api/v1/namespaces/default/configmaps',
    verb: 'create',
    user: { username: 'admin', uid: '', groups: [], extra: {} },
    impersonatedUser: undefined,
    sourceIPs: ['127.0.0.1'],
    userAgent: 'test',
    objectRef: undefined,
    responseStatus: { code: 201 },
    requestObject: body === '' ? undefined : { json: JSON.stringify({ data: body }) },
    responseObject: body === '' ? undefined : { json: JSON.stringify({ data: body }) },
    requestReceivedTimestamp: 1_700_000_000_000_000,
    stageTimestamp: 1_700_000_000_000_100,
    annotations: undefined,
  };
}

/** A sender that keeps the batches it is given. */
function collectingSender(): EventSender & { batches: string[][]; closed: boolean } {
  const sender = {
    name: 'collecting',
    batches: [] as string[][],
    closed: false,
    send: async (events: readonly AuditEvent[]) => {
      sender.batches.push(events.map((e) => e.auditID));
      return true;
    },
    close: async () => {
      sender.closed = true;
    },
  };
  return sender;
}

function collectingBackend(): AuditBackend & { events: AuditEvent[] } {
  const events: AuditEvent[] = [];
  return { events, processEvent: (e) => (events.push(e), true), shutdown: async () => {} };
}

test('a large event loses its objects and says it was truncated; one still too large is dropped', async (t) => {
  const delegate = collectingBackend();
  const backend = truncatingBackend(delegate, { maxEventSize: 2000, maxBatchSize: 10_000 }, logger);
  await backend.processEvent(event('small', 'x'));
  await backend.processEvent(event('large', 'x'.repeat(3000)));
  await backend.processEvent({ ...event('huge'), requestURI: `/${'y'.repeat(3000)}` });
  t.deepEqual(
    delegate.events.map((e) => e.auditID),
    ['small', 'large'],
  );
  const large = delegate.events[1] as AuditEvent;
  t.is(large.requestObject, undefined);
  t.is(large.responseObject, undefined);
  t.deepEqual(large.annotations, { 'audit.k8s.io/truncated': 'true' });
});

const batching: BatchConfig = { bufferSize: 100, maxBatchSize: 3, maxBatchWaitMs: 3_600_000, throttleEnable: false, throttleQps: 0, throttleBurst: 0, asyncDelegate: true };

test('batch mode sends full batches at once and keeps the rest until shutdown, which sends it and closes', async (t) => {
  const sender = collectingSender();
  const buffer = new BatchBuffer(sender, batching, logger);
  for (const id of ['a', 'b', 'c', 'd']) buffer.processEvent(event(id));
  await new Promise((resolve) => setImmediate(resolve));
  t.deepEqual(sender.batches, [['a', 'b', 'c']]);
  await buffer.shutdown();
  t.deepEqual(sender.batches, [['a', 'b', 'c'], ['d']]);
  t.true(sender.closed);
});

test('batch mode sends a partial batch once its wait is over; a full buffer drops events', async (t) => {
  const sender = collectingSender();
  const buffer = new BatchBuffer(sender, { ...batching, maxBatchWaitMs: 10, bufferSize: 2, maxBatchSize: 5 }, logger);
  for (const id of ['a', 'b', 'dropped']) buffer.processEvent(event(id));
  while (sender.batches.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  t.deepEqual(sender.batches, [['a', 'b']]);
  await buffer.shutdown();
});

test('the log file rotates before a write that would pass the size, into <name>-<UTC time><ext>, keeping maxBackups', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-rotation-'));
  const path = join(dir, 'audit.log');
  const file = new RotatingLogFile(path, { maxSizeMb: 1, maxBackups: 2, maxAgeDays: 0, compress: false }, (error) => t.fail(String(error)));
  await file.ensure();
  const line = `${'z'.repeat(400 * 1024 - 1)}\n`;
  // Written together: they go out in as few writes as fit.
  await Promise.all(Array.from({ length: 8 }, () => file.write(line)));
  await file.close();
  const names = readdirSync(dir).sort();
  const backups = names.filter((name) => /^audit-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}\.log$/.test(name));
  t.true(names.includes('audit.log'));
  t.true(backups.length >= 1 && backups.length <= 2, names.join(' '));
  for (const name of names) t.true(readFileSync(join(dir, name)).length <= 1024 * 1024);
  t.is(backupName('/var/log/audit.log', new Date('2026-11-28T18:48:26.475Z')), '/var/log/audit-2026-11-28T18-48-26.475.log');
});

test('a line larger than the largest file is refused, as lumberjack refuses it', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'audit-rotation-'));
  const file = new RotatingLogFile(join(dir, 'audit.log'), { maxSizeMb: 1, maxBackups: 0, maxAgeDays: 0, compress: false }, () => {});
  await t.throwsAsync(file.write('w'.repeat(1024 * 1024 + 1)), { message: 'write length 1048577 exceeds maximum file size 1048576' });
  await file.write('fits\n');
  await file.close();
  t.is(readFileSync(join(dir, 'audit.log'), 'utf8'), 'fits\n');
});

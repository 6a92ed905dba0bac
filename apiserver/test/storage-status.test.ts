import test from 'ava';
import { alreadyExists, compacted, conflict, futureRevision, notFound, unavailable, writeFailed } from '../src/storage/storage-error.ts';
import { statusFromStorageError } from '../src/registry/storage-status.ts';

const pods = { group: '', resource: 'pods' };
const deployments = { group: 'apps', resource: 'deployments' };

test('storage failures become the Status bodies kube-apiserver sends', (t) => {
  t.like(statusFromStorageError(notFound('/registry/pods/default/web'), { resource: pods, name: 'web', verb: 'get' }).status, {
    code: 404,
    reason: 'NotFound',
    message: 'pods "web" not found',
    details: { name: 'web', kind: 'pods' },
  });
  t.like(statusFromStorageError(alreadyExists('k'), { resource: deployments, name: 'web', verb: 'create' }).status, {
    code: 409,
    reason: 'AlreadyExists',
    message: 'deployments.apps "web" already exists',
    details: { name: 'web', group: 'apps', kind: 'deployments' },
  });
  t.like(statusFromStorageError(conflict('k', 1, 2), { resource: pods, name: 'web', verb: 'update' }).status, {
    code: 409,
    reason: 'Conflict',
    message: 'Operation cannot be fulfilled on pods "web": the object has been modified; please apply your changes to the latest version and try again',
  });
  t.like(statusFromStorageError(futureRevision(900, 120), { resource: pods, name: '', verb: 'list', requestedRevision: 900 }).status, {
    code: 504,
    reason: 'Timeout',
    message: 'Timeout: Too large resource version: 900, current: 120',
    details: { causes: [{ reason: 'ResourceVersionTooLarge', message: 'Too large resource version' }], retryAfterSeconds: 1 },
  });
  t.like(statusFromStorageError(unavailable('etcd is down'), { resource: pods, name: 'web', verb: 'get' }).status, {
    code: 500,
    reason: 'ServerTimeout',
    details: { name: 'get', kind: 'pods', retryAfterSeconds: 2 },
  });
  // A write the store refuses (kube: an etcd error that is not a Status, e.g. "etcdserver: mvcc:
  // database space exceeded") is a 500 with the store's message and no reason.
  t.deepEqual(statusFromStorageError(writeFailed('sqlite: database or disk is full (SQLITE_FULL)'), { resource: pods, name: 'web', verb: 'create' }).status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'sqlite: database or disk is full (SQLITE_FULL)',
    code: 500,
  });
});

test('a compacted revision reads as kube words it for lists, watches and continue tokens', (t) => {
  const gone = compacted(5, 40);
  t.like(statusFromStorageError(gone, { resource: pods, name: '', verb: 'list', requestedRevision: 5 }).status, {
    code: 410,
    reason: 'Expired',
    message: 'The resourceVersion for the provided list is too old.',
  });
  t.like(statusFromStorageError(gone, { resource: pods, name: '', verb: 'watch', requestedRevision: 5 }).status, {
    code: 410,
    reason: 'Expired',
    message: 'too old resource version: 5 (40)',
  });
  const expired = statusFromStorageError(gone, { resource: pods, name: '', verb: 'list', continueAfter: 'default/web-2' }).status;
  t.like(expired, {
    code: 410,
    reason: 'Expired',
    message:
      'The provided continue parameter is too old to display a consistent list result. You can start a new list without the continue parameter, or use the continue token in this response to retrieve the remainder of the results. Continuing with the provided token results in an inconsistent list - objects that were created, modified, or deleted between the time the first chunk was returned and now may show up in the list.',
  });
  // The token kube hands out: the rest of the list after the same key, at the latest revision (-1).
  const restart = JSON.parse(Buffer.from(String(expired.metadata.continue), 'base64').toString()) as Record<string, unknown>;
  t.deepEqual(restart, { v: 'meta.k8s.io/v1', rv: -1, start: 'default/web-2' });
});

test('anything else is an internal error', (t) => {
  t.like(statusFromStorageError(new Error('boom'), { resource: pods, name: 'web', verb: 'get' }).status, {
    code: 500,
    reason: 'InternalError',
    message: 'Internal error occurred: boom',
  });
});

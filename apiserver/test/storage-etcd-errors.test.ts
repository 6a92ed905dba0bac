import test from 'ava';
import { unavailableFrom } from '../src/storage/etcd/etcd-errors.ts';
import { statusFromStorageError } from '../src/registry/storage-status.ts';

const pods = { group: '', resource: 'pods' };

test("a full etcd (NOSPACE) is kube's 500 with etcd's words, not a retryable timeout", (t) => {
  // The gRPC error etcd answers a write with once its quota is reached.
  const error = unavailableFrom(new Error('8 RESOURCE_EXHAUSTED: etcdserver: mvcc: database space exceeded'), 'create', ['http://127.0.0.1:2379']);
  t.is(error.code, 'WriteFailed');
  t.deepEqual(statusFromStorageError(error, { resource: pods, name: 'web', verb: 'create' }).status, {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message: 'etcdserver: mvcc: database space exceeded',
    code: 500,
  });
});

test('an unreachable etcd stays a retryable failure', (t) => {
  const error = unavailableFrom(new Error('14 UNAVAILABLE: No connection established'), 'create', ['http://127.0.0.1:2379']);
  t.is(error.code, 'Unavailable');
  t.is(statusFromStorageError(error, { resource: pods, name: 'web', verb: 'create' }).status.reason, 'ServerTimeout');
});

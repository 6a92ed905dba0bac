// Turns the failures of etcd calls into the storage contract's typed errors.

import { isStorageError, type StorageError, unavailable, writeFailed } from '../storage-error.ts';
import { errorMessage } from '@capstan/common';
import { EtcdClientClosedError } from './etcd-client.ts';

const compactedMessage = 'required revision has been compacted';
const futureMessage = 'required revision is a future revision';
/** etcd's NOSPACE alarm: its backend reached its quota; writes fail until space is freed and the alarm disarmed. */
const noSpaceMessage = 'etcdserver: mvcc: database space exceeded';

const messageOf = (error: unknown): string => errorMessage(error);

/** etcd answers OUT_OF_RANGE for both; only the message tells them apart. */
export const isCompactedError = (error: unknown): boolean => messageOf(error).includes(compactedMessage);

export const isFutureRevisionError = (error: unknown): boolean => messageOf(error).includes(futureMessage);

/**
 * Any other failure: etcd unreachable, too slow, or refusing the request; the caller may retry. A
 * full etcd (NOSPACE) is no passing fault: the client sees etcd's words, as kube-apiserver passes them on.
 */
export function unavailableFrom(error: unknown, action: string, endpoints: readonly string[]): StorageError {
  if (isStorageError(error)) return error;
  if (error instanceof EtcdClientClosedError) return unavailable('the store is closed', error);
  if (messageOf(error).includes(noSpaceMessage)) return writeFailed(noSpaceMessage, error);
  return unavailable(`etcd at ${endpoints.join(', ')} failed to ${action}: ${messageOf(error)}`, error);
}

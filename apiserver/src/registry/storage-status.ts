// Maps the typed failures of the storage layer to the Status kube-apiserver answers for them.

import {
  expiredContinue,
  expiredListResourceVersion,
  newAlreadyExists,
  newConflict,
  newInternalError,
  newNotFound,
  newServerTimeout,
  StatusError,
  statusOf,
  tooLargeResourceVersion,
  tooOldResourceVersion,
  type GroupResource,
} from '@capstan/common';
import { latestRevisionToken } from './continue-token.ts';
import { isStorageError } from '../storage/storage-error.ts';
import type { Revision } from '../storage/storage.ts';

export interface StorageFailureContext {
  readonly resource: GroupResource;
  readonly name: string;
  /** The verb of the request: decides the wording of Compacted and of an unreachable store. */
  readonly verb: string;
  /** The resourceVersion the request asked for, if any. */
  readonly requestedRevision?: Revision;
  /** The key after which the request's continue token went on, if it carried one. */
  readonly continueAfter?: string;
}

/** Retry delay kube-apiserver suggests when its store does not answer. */
const unreachableRetrySeconds = 2;

export function statusFromStorageError(error: unknown, context: StorageFailureContext): StatusError {
  if (error instanceof StatusError) return error;
  if (!isStorageError(error)) return newInternalError(error instanceof Error ? error : String(error));
  const { resource, name } = context;
  switch (error.code) {
    case 'NotFound':
      return newNotFound(resource, name);
    case 'AlreadyExists':
      return newAlreadyExists(resource, name);
    case 'Conflict':
      return newConflict(resource, name, 'the object has been modified; please apply your changes to the latest version and try again');
    case 'Compacted':
      // As kube's etcd store: the rest of the list can still be had, at the latest revision.
      if (context.continueAfter !== undefined) return expiredContinue(latestRevisionToken(context.continueAfter));
      if (context.verb === 'watch') return tooOldResourceVersion(context.requestedRevision ?? 0, error.revision ?? 0);
      return expiredListResourceVersion();
    case 'FutureRevision':
      return tooLargeResourceVersion(context.requestedRevision ?? 0, error.revision ?? 0);
    case 'Unavailable':
      return newServerTimeout(resource, context.verb, unreachableRetrySeconds);
    case 'WriteFailed':
      // What kube-apiserver answers for an etcd write error that is not a Status (e.g. "etcdserver:
      // mvcc: database space exceeded"): a 500 with no reason and the store's message.
      return new StatusError(statusOf(error));
    case 'TooSlow':
      return newInternalError(error.message);
  }
}

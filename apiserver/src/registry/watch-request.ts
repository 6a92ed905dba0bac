// The parameters of a watch, checked as kube-apiserver checks them.

import { newBadRequest, type LabelSelector } from '@capstan/common';
import { nameFromFieldSelector } from './field-selector-query.ts';
import { labelSelectorOf } from './label-selector-query.ts';

export interface WatchRequest {
  readonly namespace: string | undefined;
  /** Only events of the object with this name (fieldSelector=metadata.name=...). */
  readonly name: string | undefined;
  /** undefined: start from the current state with synthetic ADDED events; otherwise the revision to start after. */
  readonly resourceVersion: number | undefined;
  /** "0": any recent state will do for the synthetic ADDED events. */
  readonly anyRecentState: boolean;
  readonly sendInitialEvents: boolean;
  readonly allowWatchBookmarks: boolean;
  readonly timeoutSeconds: number | undefined;
  readonly labelSelector: LabelSelector | undefined;
}

export function parseWatchRequest(query: URLSearchParams, namespace: string | undefined): WatchRequest {
  const resourceVersionText = query.get('resourceVersion') ?? '';
  let resourceVersion: number | undefined;
  if (resourceVersionText !== '' && resourceVersionText !== '0') {
    resourceVersion = Number(resourceVersionText);
    if (!Number.isSafeInteger(resourceVersion) || resourceVersion < 0) {
      throw newBadRequest(`resourceVersion: Invalid value: ${JSON.stringify(resourceVersionText)}: must be a valid resource version`);
    }
  }
  const allowWatchBookmarks = isTrue(query.get('allowWatchBookmarks'));
  const sendInitialEvents = isTrue(query.get('sendInitialEvents'));
  const match = query.get('resourceVersionMatch') ?? '';
  if (sendInitialEvents) {
    if (match !== 'NotOlderThan') {
      throw newBadRequest("resourceVersionMatch: Forbidden: sendInitialEvents requires setting resourceVersionMatch to NotOlderThan");
    }
    if (!allowWatchBookmarks) throw newBadRequest('allowWatchBookmarks: Forbidden: sendInitialEvents requires setting allowWatchBookmarks to true');
  } else if (match !== '') {
    throw newBadRequest("resourceVersionMatch: Forbidden: resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided");
  }
  const timeoutText = query.get('timeoutSeconds');
  const timeoutSeconds = timeoutText === null || timeoutText === '' ? undefined : Number(timeoutText);
  if (timeoutSeconds !== undefined && (!Number.isSafeInteger(timeoutSeconds) || timeoutSeconds < 0)) {
    throw newBadRequest(`timeoutSeconds: Invalid value: ${JSON.stringify(timeoutText)}`);
  }
  return {
    namespace,
    name: nameFromFieldSelector(query.get('fieldSelector') ?? '', namespace),
    resourceVersion,
    anyRecentState: resourceVersionText === '0',
    sendInitialEvents,
    allowWatchBookmarks,
    timeoutSeconds,
    labelSelector: labelSelectorOf(query),
  };
}

const isTrue = (value: string | null): boolean => value === 'true' || value === '1';

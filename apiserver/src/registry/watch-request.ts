// The parameters of a watch, checked as kube-apiserver checks them (see list-options.ts).

import type { LabelSelector } from '@capstan/common';
import { compileFieldSelector, type FieldSelector } from './field-selector.ts';
import { labelSelectorOf } from './label-selector-query.ts';
import { checkListOptions, decodeListOptions } from './list-options.ts';
import type { ResourceDefinition } from '../resources/resource-definition.ts';

export interface WatchRequest {
  readonly namespace: string | undefined;
  /** Only objects the fieldSelector picks; its metadata.name term makes a single-object watch. */
  readonly fieldSelector: FieldSelector | undefined;
  /** undefined: start from the current state with synthetic ADDED events; otherwise the revision to start after. */
  readonly resourceVersion: number | undefined;
  /** "0": any recent state will do for the synthetic ADDED events. */
  readonly anyRecentState: boolean;
  /**
   * The current state comes first as ADDED events: sendInitialEvents, as sent or as kube
   * defaults it for a watch from "now" or "0"; sendInitialEvents=false starts with nothing.
   */
  readonly sendInitialEvents: boolean;
  /** The initial events end with the k8s.io/initial-events-end bookmark (only where bookmarks are allowed). */
  readonly initialEventsEndBookmark: boolean;
  readonly allowWatchBookmarks: boolean;
  /** As sent: 0 means no timeout of the request's own, a negative number ends the watch at once. */
  readonly timeoutSeconds: number | undefined;
  readonly labelSelector: LabelSelector | undefined;
}

export function parseWatchRequest(definition: ResourceDefinition, query: URLSearchParams, namespace: string | undefined, watchListEnabled: boolean): WatchRequest {
  // kube's order: parameters, selectors, then validation and the resourceVersion itself.
  const decoded = decodeListOptions(query, 'watch');
  const labelSelector = labelSelectorOf(query);
  const fieldSelector = compileFieldSelector(definition, query.get('fieldSelector') ?? '', namespace);
  const options = checkListOptions(decoded, watchListEnabled);
  const revision = options.resourceVersion;
  return {
    namespace,
    fieldSelector,
    resourceVersion: revision === undefined || revision === 0 ? undefined : revision,
    anyRecentState: revision === 0,
    sendInitialEvents: options.sendInitialEvents === true,
    initialEventsEndBookmark: options.sendInitialEvents === true && options.allowWatchBookmarks,
    allowWatchBookmarks: options.allowWatchBookmarks,
    timeoutSeconds: options.timeoutSeconds,
    labelSelector,
  };
}

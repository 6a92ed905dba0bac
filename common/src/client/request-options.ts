// The options of each verb and the query string or body kube-apiserver reads them from.

export interface RequestControl {
  /** Abandons the request; it rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /** Overrides the client's timeout for this request; 0 waits as long as it takes. */
  readonly timeoutMs?: number;
}

export interface ListOptions extends RequestControl {
  readonly labelSelector?: string;
  readonly fieldSelector?: string;
  /** The most items in one page; the answer's metadata.continue asks for the next. */
  readonly limit?: number;
  readonly continue?: string;
  /** "" (the default) is a consistent read; "0" takes any state the server has at hand. */
  readonly resourceVersion?: string;
  readonly resourceVersionMatch?: 'Exact' | 'NotOlderThan';
  /** Items as PartialObjectMetadata (apiVersion, kind, metadata), as client-go's metadata client asks. */
  readonly metadataOnly?: boolean;
}

export interface WatchOptions extends Omit<ListOptions, 'limit' | 'continue' | 'timeoutMs'> {
  readonly allowWatchBookmarks?: boolean;
  /** The server ends the watch after this long. */
  readonly timeoutSeconds?: number;
  /** A watch-list: the current state as ADDED events first (needs resourceVersionMatch NotOlderThan). */
  readonly sendInitialEvents?: boolean;
}

export type FieldValidation = 'Strict' | 'Warn' | 'Ignore';

export interface WriteOptions extends RequestControl {
  /** Runs admission and validation but stores nothing (dryRun=All). */
  readonly dryRun?: boolean;
  readonly fieldManager?: string;
  readonly fieldValidation?: FieldValidation;
}

/** merge: RFC 7386; strategic: Kubernetes' strategic merge patch; json: RFC 6902; apply: server-side apply. */
export type PatchType = 'merge' | 'strategic' | 'json' | 'apply';

export const patchContentTypes: Readonly<Record<PatchType, string>> = {
  merge: 'application/merge-patch+json',
  strategic: 'application/strategic-merge-patch+json',
  json: 'application/json-patch+json',
  apply: 'application/apply-patch+yaml',
};

export interface PatchOptions extends WriteOptions {
  readonly type: PatchType;
  /** Server-side apply only: take the fields other managers own. */
  readonly force?: boolean;
}

export type PropagationPolicy = 'Orphan' | 'Background' | 'Foreground';

export interface DeleteOptions extends RequestControl {
  readonly gracePeriodSeconds?: number;
  readonly preconditions?: { readonly uid?: string; readonly resourceVersion?: string };
  readonly propagationPolicy?: PropagationPolicy;
  readonly dryRun?: boolean;
}

type Query = Record<string, string>;

export function listQuery(options: Omit<ListOptions, keyof RequestControl> = {}): Query {
  const query: Query = {};
  if (options.labelSelector) query.labelSelector = options.labelSelector;
  if (options.fieldSelector) query.fieldSelector = options.fieldSelector;
  if (options.limit !== undefined && options.limit > 0) query.limit = String(options.limit);
  if (options.continue) query.continue = options.continue;
  if (options.resourceVersion !== undefined && options.resourceVersion !== '') query.resourceVersion = options.resourceVersion;
  if (options.resourceVersionMatch) query.resourceVersionMatch = options.resourceVersionMatch;
  return query;
}

export function watchQuery(options: Omit<WatchOptions, keyof RequestControl> = {}): Query {
  const query: Query = { ...listQuery(options), watch: '1' };
  if (options.allowWatchBookmarks) query.allowWatchBookmarks = 'true';
  if (options.timeoutSeconds !== undefined) query.timeoutSeconds = String(options.timeoutSeconds);
  if (options.sendInitialEvents !== undefined) query.sendInitialEvents = String(options.sendInitialEvents);
  return query;
}

export function writeQuery(options: Omit<WriteOptions, keyof RequestControl> = {}): Query {
  const query: Query = {};
  if (options.dryRun) query.dryRun = 'All';
  if (options.fieldManager) query.fieldManager = options.fieldManager;
  if (options.fieldValidation) query.fieldValidation = options.fieldValidation;
  return query;
}

export function patchQuery(options: Omit<PatchOptions, keyof RequestControl>): Query {
  if (options.type === 'apply' && !options.fieldManager) throw new TypeError('a server-side apply patch needs a fieldManager');
  if (options.force !== undefined && options.type !== 'apply') throw new TypeError('force applies to server-side apply patches only');
  const query = writeQuery(options);
  if (options.force !== undefined) query.force = String(options.force);
  return query;
}

/** The meta/v1 DeleteOptions body, or undefined when nothing is set. */
export function deleteOptionsBody(options: Omit<DeleteOptions, keyof RequestControl> = {}): Record<string, unknown> | undefined {
  const body: Record<string, unknown> = {};
  if (options.gracePeriodSeconds !== undefined) body.gracePeriodSeconds = options.gracePeriodSeconds;
  if (options.preconditions !== undefined) body.preconditions = options.preconditions;
  if (options.propagationPolicy !== undefined) body.propagationPolicy = options.propagationPolicy;
  if (options.dryRun) body.dryRun = ['All'];
  return Object.keys(body).length === 0 ? undefined : { kind: 'DeleteOptions', apiVersion: 'v1', ...body };
}

// The read options of get, list and watch (resourceVersion, resourceVersionMatch, limit, continue,
// sendInitialEvents, allowWatchBookmarks, timeoutSeconds), decoded, defaulted and validated in the
// order kube-apiserver 1.35 does it, each failure with the Status kube answers.

import { fieldErrorMessage, fieldForbidden, fieldInvalid, fieldNotSupported, goQuote, newBadRequest, newInvalid, newUnclassifiedError, type FieldError } from '@capstan/common';
import { decodeContinueToken, type ContinueToken } from './continue-token.ts';
import { parseGoUint, queryInt64 } from './query-int64.ts';

export type ReadVerb = 'get' | 'list' | 'watch';

export type ResourceVersionMatch = 'NotOlderThan' | 'Exact';

/**
 * How fresh the data of a read must be (kube's "semantics for get and list"). For a watch, the
 * state its initial events show, or without them where the stream starts: Consistent is "now",
 * Exact is "just after resourceVersion".
 */
export type ReadConsistency =
  /** The newest data: a quorum read (resourceVersion unset). */
  | 'Consistent'
  /** Whatever the server holds, however old (resourceVersion "0"). */
  | 'Any'
  /** Data at least as new as resourceVersion. */
  | 'NotOlderThan'
  /** Data at exactly resourceVersion, or at the snapshot of the continue token. */
  | 'Exact';

/** The parameters as the query carried them, decoded the way kube's parameter codec decodes them. */
export interface DecodedListOptions {
  readonly verb: ReadVerb;
  /** The `watch` parameter: it, not the route (/watch/ paths), picks kube's watch rules. */
  readonly watch: boolean;
  /** The resourceVersion parameter as sent; '' when absent. */
  readonly resourceVersion: string;
  /** '' when absent; any other text is checked by checkListOptions. */
  readonly resourceVersionMatch: string;
  readonly limit: number;
  /** '' when absent. */
  readonly continue: string;
  /** undefined when absent (kube's *bool). */
  readonly sendInitialEvents: boolean | undefined;
  readonly allowWatchBookmarks: boolean;
  readonly timeoutSeconds: number | undefined;
}

export interface ListOptions {
  readonly verb: ReadVerb;
  /** The resourceVersion parameter as sent; '' when absent. */
  readonly resourceVersionText: string;
  /** The revision it names: undefined when absent, 0 for "0". */
  readonly resourceVersion: number | undefined;
  /** After kube's defaulting (a watch from "now" or "0" gets NotOlderThan). */
  readonly resourceVersionMatch: ResourceVersionMatch | undefined;
  /** 0 means no limit; kube reads a negative limit as none too. */
  readonly limit: number;
  /** The continue parameter as sent. */
  readonly continue: string | undefined;
  /** The decoded continue token of a list. */
  readonly continueFrom: ContinueToken | undefined;
  /** After kube's defaulting: what the storage layer of kube is given. */
  readonly sendInitialEvents: boolean | undefined;
  /** sendInitialEvents (and resourceVersionMatch) were set by defaulting, not by the client. */
  readonly sendInitialEventsDefaulted: boolean;
  readonly allowWatchBookmarks: boolean;
  /** As sent; kube does not reject 0 or a negative number (0 means the server's default). */
  readonly timeoutSeconds: number | undefined;
  readonly consistency: ReadConsistency;
}

/** Decodes, defaults and validates: throws the Status kube-apiserver answers for the first failure. */
export function parseListOptions(query: URLSearchParams, verb: ReadVerb): ListOptions {
  return checkListOptions(decodeListOptions(query, verb));
}

/**
 * The first phase: query parameters to values. A malformed integer is a 400 whose message is Go's
 * strconv error; booleans never fail. The label and field selectors are decoded in the same phase
 * in kube: a caller that wants kube's order parses them between this and checkListOptions.
 */
export function decodeListOptions(query: URLSearchParams, verb: ReadVerb): DecodedListOptions {
  if (verb === 'get') {
    // A get reads GetOptions, which has a resourceVersion only; export went away in 1.18.
    const exportValue = query.get('export');
    if (exportValue !== null && goBool(exportValue)) {
      throw newBadRequest('the export parameter, deprecated since v1.14, is no longer supported');
    }
    return {
      verb,
      watch: false,
      resourceVersion: query.get('resourceVersion') ?? '',
      resourceVersionMatch: '',
      limit: 0,
      continue: '',
      sendInitialEvents: undefined,
      allowWatchBookmarks: false,
      timeoutSeconds: undefined,
    };
  }
  // In the order of ListOptions' fields, as kube's generated conversion reads them.
  const watch = goBool(query.get('watch'));
  const allowWatchBookmarks = goBool(query.get('allowWatchBookmarks'));
  const resourceVersion = query.get('resourceVersion') ?? '';
  const resourceVersionMatch = query.get('resourceVersionMatch') ?? '';
  const timeoutText = query.get('timeoutSeconds');
  const timeoutSeconds = timeoutText === null ? undefined : Number(queryInt64(timeoutText));
  const limitText = query.get('limit');
  const limit = limitText === null ? 0 : Number(queryInt64(limitText));
  const continueText = query.get('continue') ?? '';
  const sendInitialEventsText = query.get('sendInitialEvents');
  return {
    verb,
    watch: verb === 'watch' && watch,
    resourceVersion,
    resourceVersionMatch,
    limit,
    continue: continueText,
    sendInitialEvents: sendInitialEventsText === null ? undefined : goBool(sendInitialEventsText),
    allowWatchBookmarks,
    timeoutSeconds,
  };
}

/**
 * The second phase: kube's defaulting of watch options, ValidateListOptions (one 422 listing
 * every violation), then the checks of kube's storage layer (the continue token, and the
 * resourceVersion as a number).
 */
export function checkListOptions(decoded: DecodedListOptions, watchListEnabled = true): ListOptions {
  if (decoded.verb === 'get') return checkGetOptions(decoded);
  let { sendInitialEvents, resourceVersionMatch } = decoded;
  const rvText = decoded.resourceVersion;
  // SetListOptionsDefaults, with the WatchList feature (on by default in 1.35): a watch from "now"
  // or from "0" is a watch with initial events, as it always was in effect.
  let sendInitialEventsDefaulted = false;
  if (watchListEnabled && decoded.watch && sendInitialEvents === undefined && resourceVersionMatch === '' && (rvText === '' || rvText === '0')) {
    sendInitialEvents = true;
    resourceVersionMatch = 'NotOlderThan';
    sendInitialEventsDefaulted = true;
  }
  const errors = decoded.watch
    ? watchOptionErrors(resourceVersionMatch, sendInitialEvents, decoded.continue, watchListEnabled)
    : listOptionErrors(resourceVersionMatch, rvText, sendInitialEvents, decoded.continue);
  if (errors.length > 0) throw newInvalid({ group: 'meta.k8s.io', kind: 'ListOptions' }, '', errors);
  const match = resourceVersionMatch === '' ? undefined : (resourceVersionMatch as ResourceVersionMatch);

  let continueFrom: ContinueToken | undefined;
  let resourceVersion: number | undefined;
  if (decoded.verb === 'list' && decoded.continue !== '') {
    // kube's storage: the token first, then the resourceVersion it excludes ("0" is let through).
    continueFrom = decodeContinueToken(decoded.continue);
    if (rvText !== '' && rvText !== '0') throw newBadRequest('specifying resource version is not allowed when using continue');
    resourceVersion = rvText === '' ? undefined : 0;
  } else if (rvText !== '') {
    const parsed = parseResourceVersion(rvText);
    if (typeof parsed === 'string') {
      // A list checks it in kube's storage layer first (400); the watch cache returns its error
      // unwrapped for a watch, and the handler makes that a 500 without a reason.
      if (decoded.verb === 'list') throw newBadRequest(`invalid resource version: ${parsed}`);
      throw newUnclassifiedError(parsed);
    }
    resourceVersion = parsed;
  }

  return {
    verb: decoded.verb,
    resourceVersionText: rvText,
    resourceVersion,
    resourceVersionMatch: match,
    limit: Math.max(decoded.limit, 0),
    continue: decoded.continue === '' ? undefined : decoded.continue,
    continueFrom,
    sendInitialEvents,
    sendInitialEventsDefaulted,
    allowWatchBookmarks: decoded.allowWatchBookmarks,
    timeoutSeconds: decoded.timeoutSeconds,
    consistency:
      decoded.verb === 'watch'
        ? watchConsistency(resourceVersion, sendInitialEvents === true)
        : listConsistency(match, resourceVersion, decoded.limit > 0, continueFrom !== undefined),
  };
}

function checkGetOptions(decoded: DecodedListOptions): ListOptions {
  const rvText = decoded.resourceVersion;
  let resourceVersion: number | undefined;
  if (rvText !== '') {
    // The watch cache parses it and kube's get handler passes the error on as a 500.
    const parsed = parseResourceVersion(rvText);
    if (typeof parsed === 'string') throw newUnclassifiedError(parsed);
    resourceVersion = parsed;
  }
  return {
    verb: 'get',
    resourceVersionText: rvText,
    resourceVersion,
    resourceVersionMatch: undefined,
    limit: 0,
    continue: undefined,
    continueFrom: undefined,
    sendInitialEvents: undefined,
    sendInitialEventsDefaulted: false,
    allowWatchBookmarks: false,
    timeoutSeconds: undefined,
    consistency: resourceVersion === undefined ? 'Consistent' : resourceVersion === 0 ? 'Any' : 'NotOlderThan',
  };
}

/** ValidateListOptions for a list (and for a /watch/ path without ?watch=true, as in kube). */
function listOptionErrors(match: string, resourceVersion: string, sendInitialEvents: boolean | undefined, continueText: string): FieldError[] {
  const errors: FieldError[] = [];
  if (match !== '') {
    if (resourceVersion === '') errors.push(fieldForbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden unless resourceVersion is provided'));
    if (continueText !== '') errors.push(fieldForbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
    if (match !== 'Exact' && match !== 'NotOlderThan') errors.push(fieldNotSupported('resourceVersionMatch', match, ['Exact', 'NotOlderThan', '']));
    if (match === 'Exact' && resourceVersion === '0') {
      errors.push(fieldForbidden('resourceVersionMatch', 'resourceVersionMatch "exact" is forbidden for resourceVersion "0"'));
    }
  }
  if (sendInitialEvents !== undefined) errors.push(fieldForbidden('sendInitialEvents', 'sendInitialEvents is forbidden for list'));
  return errors;
}

/** ValidateListOptions for a watch. */
function watchOptionErrors(match: string, sendInitialEvents: boolean | undefined, continueText: string, watchListEnabled: boolean): FieldError[] {
  const errors: FieldError[] = [];
  if (sendInitialEvents !== undefined) {
    if (match !== 'NotOlderThan') errors.push(fieldForbidden('resourceVersionMatch', 'sendInitialEvents requires setting resourceVersionMatch to NotOlderThan'));
    if (!watchListEnabled) errors.push(fieldForbidden('sendInitialEvents', 'sendInitialEvents is forbidden for watch unless the WatchList feature gate is enabled'));
  }
  if (match !== '') {
    if (sendInitialEvents === undefined) errors.push(fieldForbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden for watch unless sendInitialEvents is provided'));
    if (match !== 'NotOlderThan') errors.push(fieldNotSupported('resourceVersionMatch', match, ['NotOlderThan']));
    if (continueText !== '') errors.push(fieldForbidden('resourceVersionMatch', 'resourceVersionMatch is forbidden when continue is provided'));
  }
  return errors;
}

/** kube's storage delegation rules (cacher/delegator) read as the freshness each request asks for. */
function listConsistency(match: ResourceVersionMatch | undefined, resourceVersion: number | undefined, limited: boolean, continuing: boolean): ReadConsistency {
  if (continuing) return 'Exact';
  if (match === 'Exact') return 'Exact';
  if (resourceVersion === undefined) return 'Consistent';
  if (resourceVersion === 0) return 'Any';
  // Without a match, a paged list at a resourceVersion is exact (the legacy rule).
  if (match === undefined && limited) return 'Exact';
  return 'NotOlderThan';
}

function watchConsistency(resourceVersion: number | undefined, initialEvents: boolean): ReadConsistency {
  if (resourceVersion === undefined) return 'Consistent';
  if (resourceVersion === 0) return 'Any';
  return initialEvents ? 'NotOlderThan' : 'Exact';
}

/**
 * kube's versioner: strconv.ParseUint, its error as a field error on resourceVersion (the
 * message a client sees, whatever the status around it).
 */
function parseResourceVersion(text: string): number | string {
  const parsed = parseGoUint(text);
  if (typeof parsed === 'bigint') return Number(parsed);
  return fieldErrorMessage(fieldInvalid('resourceVersion', text, `strconv.ParseUint: parsing ${goQuote(text)}: ${parsed}`));
}

/** Go's strconv bool for a query parameter: absent, "0" and "false" (any case) are false, all else true. */
function goBool(value: string | null): boolean {
  return value !== null && value !== '0' && value.toLowerCase() !== 'false';
}

// PodLogOptions from a pods/log query, decoded as kube's parameter codec decodes them (the first
// failure a 400 with Go's strconv or time error), defaulted, then validated as kube's
// ValidatePodLogOptions validates them (every violation in one 422 of kind PodLogOptions).

import { fieldForbidden, fieldInvalid, fieldNotSupported, newBadRequest, newInvalid, type FieldError } from '@capstan/common';
import { goTimeLayout, parseGoTime } from '@capstan/common/cel';
import { queryBool } from '../registry/query-bool.ts';
import { queryInt64 } from '../registry/query-int64.ts';

export interface PodLogOptions {
  readonly container: string;
  readonly follow: boolean;
  readonly previous: boolean;
  readonly sinceSeconds?: bigint;
  /** As the kubelet is sent it: RFC 3339 in UTC, whole seconds. */
  readonly sinceTime?: string;
  readonly timestamps: boolean;
  readonly tailLines?: bigint;
  readonly limitBytes?: bigint;
  readonly insecureSkipTLSVerifyBackend: boolean;
  /** All, Stdout or Stderr: only with the PodLogsQuerySplitStreams gate. */
  readonly stream?: string;
}

/** The log streams a client may choose, sorted as kube lists them. */
export const podLogStreams = ['All', 'Stderr', 'Stdout'] as const;

const rfc3339 = goTimeLayout('2006-01-02T15:04:05Z07:00');

/** Decodes, defaults and validates; throws kube's 400 or 422. */
export function podLogOptions(query: URLSearchParams, podName: string, splitStreams: boolean): PodLogOptions {
  const options = decodePodLogOptions(query, splitStreams);
  const errors = podLogOptionsErrors(options, splitStreams);
  if (errors.length > 0) throw newInvalid({ group: '', kind: 'PodLogOptions' }, podName, errors);
  return options;
}

/** The fields in the order kube's generated conversion reads them; the first malformed one fails. */
export function decodePodLogOptions(query: URLSearchParams, splitStreams: boolean): PodLogOptions {
  const int64 = (name: string): bigint | undefined => {
    const text = query.get(name);
    return text === null ? undefined : queryInt64(text);
  };
  const container = query.get('container') ?? '';
  const follow = queryBool(query.get('follow'));
  const previous = queryBool(query.get('previous'));
  const sinceSeconds = int64('sinceSeconds');
  const sinceTimeText = query.get('sinceTime');
  const sinceTime = sinceTimeText === null ? undefined : queryTime(sinceTimeText);
  const timestamps = queryBool(query.get('timestamps'));
  const tailLines = int64('tailLines');
  const limitBytes = int64('limitBytes');
  const insecureSkipTLSVerifyBackend = queryBool(query.get('insecureSkipTLSVerifyBackend'));
  // kube defaults only what it decoded: a query without parameters is left alone.
  const stream = query.get('stream') ?? (splitStreams && query.size > 0 ? 'All' : undefined);
  return {
    container,
    follow,
    previous,
    timestamps,
    insecureSkipTLSVerifyBackend,
    ...(sinceSeconds === undefined ? {} : { sinceSeconds }),
    ...(sinceTime === undefined ? {} : { sinceTime }),
    ...(tailLines === undefined ? {} : { tailLines }),
    ...(limitBytes === undefined ? {} : { limitBytes }),
    ...(stream === undefined ? {} : { stream }),
  };
}

export function podLogOptionsErrors(options: PodLogOptions, splitStreams: boolean): FieldError[] {
  const errors: FieldError[] = [];
  const { tailLines, limitBytes, sinceSeconds, sinceTime, stream } = options;
  if (tailLines !== undefined && tailLines < 0n) errors.push(fieldInvalid('tailLines', int64Value(tailLines), 'must be greater than or equal to 0'));
  if (limitBytes !== undefined && limitBytes < 1n) errors.push(fieldInvalid('limitBytes', int64Value(limitBytes), 'must be greater than 0'));
  if (sinceSeconds !== undefined && sinceTime !== undefined) errors.push(fieldForbidden('', 'at most one of `sinceTime` or `sinceSeconds` may be specified'));
  else if (sinceSeconds !== undefined && sinceSeconds < 1n) errors.push(fieldInvalid('sinceSeconds', int64Value(sinceSeconds), 'must be greater than 0'));
  if (stream === undefined) return errors;
  if (!splitStreams) {
    errors.push(fieldForbidden('stream', 'may not be specified'));
    return errors;
  }
  if (!(podLogStreams as readonly string[]).includes(stream)) errors.push(fieldNotSupported('stream', stream, podLogStreams));
  if (stream !== 'All' && tailLines !== undefined) errors.push(fieldForbidden('', '`tailLines` and specific `stream` are mutually exclusive for now'));
  return errors;
}

/** An int64 shown as Go shows it, exactly (beyond what a double holds). */
const int64Value = (value: bigint) => ({ goSyntax: value.toString() });

/**
 * metav1.Time's query form: '' and "null" are the zero time, anything else Go's time.Parse with
 * RFC 3339; written back in UTC at whole seconds, as kube formats it for the kubelet.
 */
function queryTime(text: string): string {
  if (text === '' || text === 'null') return '0001-01-01T00:00:00Z';
  const parsed = parseGoTime(rfc3339, text);
  if (typeof parsed === 'function') throw newBadRequest(parsed());
  return `${new Date(Number(parsed.seconds) * 1000).toISOString().slice(0, 19)}Z`;
}

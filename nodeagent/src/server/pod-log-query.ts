// The query of GET /containerLogs as the kubelet reads it: the old `tail` parameter first
// (`tail=all` meaning no tailLines), then v1.PodLogOptions decoded by kube's parameter codec and
// validated by ValidatePodLogOptions. The kubelet answers a query it cannot decode, or that is
// invalid, with fixed bodies (400 and 422), not with the reasons.

import { parseLogTimestamp } from './cri-log-line.ts';

export interface PodLogQuery {
  readonly follow: boolean;
  readonly previous: boolean;
  readonly timestamps: boolean;
  readonly sinceSeconds?: bigint;
  /** Nanoseconds since the epoch; 0 for the zero time (`sinceTime=` or `null`). */
  readonly sinceTime?: bigint;
  readonly tailLines?: bigint;
  readonly limitBytes?: bigint;
  readonly stream?: string;
}

export type PodLogQueryProblem = { readonly status: 400 | 422; readonly body: string };

export const undecodableQuery: PodLogQueryProblem = { status: 400, body: '{"message": "Unable to decode query."}' };
export const invalidQuery: PodLogQueryProblem = { status: 422, body: '{"message": "Invalid request."}' };

const logStreams: ReadonlySet<string> = new Set(['Stdout', 'Stderr', 'All']);
const int64Max = 2n ** 63n - 1n;
const int64Min = -(2n ** 63n);

export function decodePodLogQuery(search: URLSearchParams): PodLogQuery | PodLogQueryProblem {
  const query = new URLSearchParams(search);
  const tail = query.get('tail');
  if (tail !== null && tail !== '') {
    if (tail === 'all') query.delete('tailLines');
    else query.set('tailLines', tail);
  }
  const int64 = (name: string): bigint | undefined | null => {
    const text = query.get(name);
    if (text === null) return undefined;
    if (!/^[+-]?\d+$/.test(text)) return null;
    const value = BigInt(text);
    return value < int64Min || value > int64Max ? null : value;
  };
  const sinceSeconds = int64('sinceSeconds');
  const tailLines = int64('tailLines');
  const limitBytes = int64('limitBytes');
  if (sinceSeconds === null || tailLines === null || limitBytes === null) return undecodableQuery;
  let sinceTime: bigint | undefined;
  const sinceText = query.get('sinceTime');
  if (sinceText !== null) {
    if (sinceText === '' || sinceText === 'null') sinceTime = 0n;
    else {
      // metav1.Time's query form: RFC 3339 (Go's parser takes a fraction of a second too).
      const parsed = parseLogTimestamp(sinceText);
      if (parsed === undefined) return undecodableQuery;
      sinceTime = parsed.nanos;
    }
  }
  const stream = query.get('stream') ?? undefined;
  const decoded: PodLogQuery = {
    follow: queryBool(query.get('follow')),
    previous: queryBool(query.get('previous')),
    timestamps: queryBool(query.get('timestamps')),
    ...(sinceSeconds === undefined ? {} : { sinceSeconds }),
    ...(sinceTime === undefined ? {} : { sinceTime }),
    ...(tailLines === undefined ? {} : { tailLines }),
    ...(limitBytes === undefined ? {} : { limitBytes }),
    ...(stream === undefined ? {} : { stream }),
  };
  return valid(decoded) ? decoded : invalidQuery;
}

/** ValidatePodLogOptions (the kubelet's copy for v1, which checks `stream` whatever the gates). */
function valid(query: PodLogQuery): boolean {
  if (query.tailLines !== undefined && query.tailLines < 0n) return false;
  if (query.limitBytes !== undefined && query.limitBytes < 1n) return false;
  if (query.sinceSeconds !== undefined && query.sinceTime !== undefined) return false;
  if (query.sinceSeconds !== undefined && query.sinceSeconds < 1n) return false;
  if (query.stream !== undefined && (!logStreams.has(query.stream) || (query.stream !== 'All' && query.tailLines !== undefined))) return false;
  return true;
}

/** kube's Convert_Slice_string_To_bool: false when absent, for "0" and for "false" in any case. */
const queryBool = (text: string | null): boolean => text !== null && !(text === '0' || text.toLowerCase() === 'false');

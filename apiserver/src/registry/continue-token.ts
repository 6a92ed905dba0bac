// The continue token of a paged list, in kube-apiserver's shape: base64 of
// {"v":"meta.k8s.io/v1","rv":<snapshot revision>,"start":"<key after which to go on>"}.

import { newBadRequest } from '@capstan/common';

export interface ContinueToken {
  /** The snapshot's revision; -1 (kube's token after an expired one) goes on at the latest. */
  readonly revision: number;
  /** The last key returned, relative to the collection's prefix. */
  readonly after: string;
}

export function encodeContinueToken(token: ContinueToken): string {
  return Buffer.from(JSON.stringify({ v: 'meta.k8s.io/v1', rv: token.revision, start: token.after })).toString('base64');
}

export function decodeContinueToken(text: string): ContinueToken {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64').toString('utf8'));
  } catch {
    throw invalid('the token is not base64-encoded JSON');
  }
  const { v, rv, start } = (parsed ?? {}) as { v?: unknown; rv?: unknown; start?: unknown };
  if (v !== 'meta.k8s.io/v1') throw invalid('the token is of an unknown version');
  if (typeof rv !== 'number' || !Number.isSafeInteger(rv) || rv === 0 || rv < -1) throw invalid('the token has no valid resource version');
  if (typeof start !== 'string' || start.includes('..')) throw invalid('the token has no valid start key');
  return { revision: rv, after: start };
}

/** The token an expired one's 410 carries: the rest of the list, read at the latest revision. */
export const latestRevisionToken = (after: string): string => encodeContinueToken({ revision: -1, after });

const invalid = (why: string) => newBadRequest(`continue key is not valid: ${why}`);

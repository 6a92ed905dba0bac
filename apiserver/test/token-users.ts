// Test support: a --token-auth-file of known users in a temporary directory, and fetch options that
// act as one of them (a bearer token).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** token -> user,uid,"groups" as the token file writes them. */
export const tokenUsers = {
  admin: 'admintoken,admin,uid-admin,"system:masters"',
  alice: 'alicetoken,alice,uid-alice,"devs,ops"',
} as const;

/** Writes the token file; answers its path. */
export function writeTokenFile(): string {
  const path = join(mkdtempSync(join(tmpdir(), 'capstan-tokens-')), 'tokens.csv');
  writeFileSync(path, `${Object.values(tokenUsers).join('\n')}\n`);
  return path;
}

/** Request options of a JSON request with a bearer token (and more headers). */
export function asUser(token: string, init: RequestInit & { headers?: Record<string, string> } = {}): RequestInit {
  return { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers } };
}

/** POSTs a review (TokenReview, SelfSubjectReview) and answers its status code and body. */
export async function postReview(
  url: string,
  resource: 'tokenreviews' | 'selfsubjectreviews',
  token: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await fetch(`${url}/apis/authentication.k8s.io/v1/${resource}`, asUser(token, { method: 'POST', body: JSON.stringify(body), headers }));
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
}

// kube-controller-manager's delegated authentication and authorization of its secure port: a
// bearer token is reviewed by the API server (TokenReview), the request's path and verb are asked
// of it (SubjectAccessReview with nonResourceAttributes); a request without a token is
// system:anonymous. The health paths are always allowed (--authorization-always-allow-paths).

import type { IncomingMessage } from 'node:http';
import { goQuote, newForbidden, newUnauthorized, type StatusError } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';

interface User {
  readonly username: string;
  readonly uid?: string;
  readonly groups?: readonly string[];
  readonly extra?: Readonly<Record<string, readonly string[]>>;
}

interface TokenReview {
  readonly status?: { readonly authenticated?: boolean; readonly user?: User };
}

interface SubjectAccessReview {
  readonly status?: { readonly allowed?: boolean; readonly reason?: string };
}

/** kube's default --authorization-always-allow-paths. */
export const alwaysAllowedPaths: ReadonlySet<string> = new Set(['/healthz', '/readyz', '/livez']);

const anonymous: User = { username: 'system:anonymous', groups: ['system:unauthenticated'] };

/** The refusal the client gets (kube's 401 or 403 Status), or undefined when the request may go on. */
export async function refusalOf(client: RestClient, request: IncomingMessage, path: string): Promise<StatusError | undefined> {
  if (alwaysAllowedPaths.has(path)) return undefined;
  const authorization = request.headers.authorization ?? '';
  let user = anonymous;
  if (/^bearer /i.test(authorization)) {
    const review = await client.create<TokenReview & { kind: string; apiVersion: string; metadata: object }>(
      { group: 'authentication.k8s.io', version: 'v1', resource: 'tokenreviews' },
      { apiVersion: 'authentication.k8s.io/v1', kind: 'TokenReview', spec: { token: authorization.slice('bearer '.length).trim() } },
    );
    if (review.status?.authenticated !== true || review.status.user === undefined) return newUnauthorized('Unauthorized');
    user = review.status.user;
  }
  const verb = (request.method ?? 'GET').toLowerCase() === 'head' ? 'get' : (request.method ?? 'GET').toLowerCase();
  const access = await client.create<SubjectAccessReview & { kind: string; apiVersion: string; metadata: object }>(
    { group: 'authorization.k8s.io', version: 'v1', resource: 'subjectaccessreviews' },
    {
      apiVersion: 'authorization.k8s.io/v1',
      kind: 'SubjectAccessReview',
      spec: {
        user: user.username,
        ...(user.uid === undefined ? {} : { uid: user.uid }),
        groups: [...(user.groups ?? [])],
        ...(user.extra === undefined ? {} : { extra: user.extra }),
        nonResourceAttributes: { path, verb },
      },
    },
  );
  if (access.status?.allowed === true) return undefined;
  // kube's ForbiddenStatusError of a non-resource request, the authorizer's reason after it when there is one.
  const reason = access.status?.reason ?? '';
  const message = `User ${goQuote(user.username)} cannot ${verb} path ${goQuote(path)}`;
  return newForbidden({ group: '', resource: '' }, '', reason === '' ? message : `${message}: ${reason}`);
}

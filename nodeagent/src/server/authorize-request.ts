// Whether an authenticated user may make a request, with the kubelet's request attributes (verb
// from the method, resource nodes, the subresources of the path). AlwaysAllow allows everything.
// Webhook mode asks the API server with a SubjectAccessReview (webhook-authorization.ts); an agent
// without an API server (standalone) allows authenticated users and refuses system:anonymous, what
// a cluster's RBAC answers for them by default.

import { anonymousUser, type UserInfo } from './authenticate-request.ts';
import type { AccessReviewer } from './webhook-authorization.ts';

export type AuthorizationMode = 'AlwaysAllow' | 'Webhook';

export interface RequestAttributes {
  readonly verb: string;
  readonly resource: 'nodes';
  /** The first one allowed admits the request, as the kubelet tries them in order. */
  readonly subresources: readonly string[];
}

const verbs: Readonly<Record<string, string>> = { POST: 'create', GET: 'get', PUT: 'update', PATCH: 'patch', DELETE: 'delete' };

const isSubpath = (path: string, root: string): boolean => path === root || path.startsWith(`${root}/`);

/** The kubelet's GetRequestAttributes, with KubeletFineGrainedAuthz (on by default since 1.33). */
export function requestAttributes(method: string, path: string): RequestAttributes {
  const subresources: string[] = [];
  if (isSubpath(path, '/pods') || isSubpath(path, '/runningpods')) subresources.push('pods');
  else if (isSubpath(path, '/healthz')) subresources.push('healthz');
  else if (isSubpath(path, '/configz')) subresources.push('configz');
  else if (isSubpath(path, '/statusz')) subresources.push('statusz');
  if (isSubpath(path, '/stats')) subresources.push('stats');
  else if (isSubpath(path, '/metrics')) subresources.push('metrics');
  else if (isSubpath(path, '/logs')) subresources.push('log');
  else if (isSubpath(path, '/checkpoint')) subresources.push('checkpoint');
  else subresources.push('proxy');
  return { verb: verbs[method] ?? '', resource: 'nodes', subresources };
}

/** undefined when allowed; else the kubelet's 403 body. */
export async function authorizationRefusal(mode: AuthorizationMode, user: UserInfo, attributes: RequestAttributes, review?: AccessReviewer): Promise<string | undefined> {
  if (mode === 'AlwaysAllow') return undefined;
  if (review === undefined ? user.name !== anonymousUser.name : await review(user, attributes).catch(() => false)) return undefined;
  return `Forbidden (user=${user.name}, verb=${attributes.verb}, resource=${attributes.resource}, subresource(s)=[${attributes.subresources.join(' ')}])\n`;
}

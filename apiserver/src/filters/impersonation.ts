// kube's WithImpersonation: Impersonate-User, -Group, -Uid and -Extra-<key> headers make the request
// act as another user once the caller is authorized for the `impersonate` verb on each of them
// (users, or serviceaccounts for a service account's name; groups; uids and userextras/<key> of
// authentication.k8s.io). The impersonated user is in system:authenticated (system:unauthenticated
// for system:anonymous) unless the groups asked say otherwise; the headers are then dropped. It
// runs after audit and before flow control and authorization, which see the impersonated user.

import type { IncomingMessage } from 'node:http';
import { newBadRequest } from '@capstan/common';
import type { UserInfo } from '../authentication/authenticator.ts';
import { serviceAccountGroups, serviceAccountUsername, splitServiceAccountUsername } from '../authentication/service-account-username.ts';
import { isAllowed, type Attributes, type Authorizer } from '../authorization/authorizer.ts';
import { forbidden } from './authorization.ts';
import type { Filter } from './filter-chain.ts';
import { userOf } from './request-context.ts';
import { headersDistinctOf } from './headers-distinct.ts';

const userHeader = 'impersonate-user';
const groupHeader = 'impersonate-group';
const uidHeader = 'impersonate-uid';
const extraHeaderPrefix = 'impersonate-extra-';

/** One thing asked to be impersonated: kube builds a v1.ObjectReference of each. */
type ImpersonationRequest =
  | { readonly kind: 'User'; readonly name: string }
  | { readonly kind: 'ServiceAccount'; readonly namespace: string; readonly name: string }
  | { readonly kind: 'Group'; readonly name: string }
  | { readonly kind: 'UserExtra'; readonly key: string; readonly name: string }
  | { readonly kind: 'UID'; readonly name: string };

export function impersonation(authorizer: Authorizer): Filter {
  return async (context, next) => {
    const requests = impersonationRequestsOf(context.request);
    if (requests.length === 0) return next();
    const requestor = userOf(context);
    // Groups asked for are the authority, even over a service account's own groups.
    const groupsSpecified = (headersDistinctOf(context.request)[groupHeader] ?? []).length > 0;
    let username = '';
    let uid = '';
    const groups: string[] = [];
    const extra: Record<string, string[]> = {};
    for (const asked of requests) {
      switch (asked.kind) {
        case 'ServiceAccount':
          username = serviceAccountUsername(asked.namespace, asked.name);
          if (!groupsSpecified) groups.splice(0, groups.length, ...serviceAccountGroups(asked.namespace));
          break;
        case 'User':
          username = asked.name;
          break;
        case 'Group':
          groups.push(asked.name);
          break;
        case 'UserExtra':
          extra[asked.key] = [...(extra[asked.key] ?? []), asked.name];
          break;
        case 'UID':
          uid = asked.name;
          break;
      }
      const attributes = impersonateAttributes(requestor, asked);
      const answer = authorizer.authorize(attributes);
      const decision = answer instanceof Promise ? await answer : answer;
      if (!isAllowed(decision)) throw forbidden(attributes, decision.reason);
    }
    context.user = { username, uid, groups: withImpliedGroup(username, groups), extra };
    dropImpersonationHeaders(context.request);
    return next();
  };
}

/** The authorizer's question for one impersonation: may the requestor `impersonate` it. */
function impersonateAttributes(user: UserInfo, asked: ImpersonationRequest): Attributes {
  const base = { user, isResourceRequest: true as const, path: '', verb: 'impersonate', subresource: '', namespace: '', name: asked.name };
  switch (asked.kind) {
    case 'ServiceAccount':
      return { ...base, group: '', version: '', resource: 'serviceaccounts', namespace: asked.namespace };
    case 'User':
      return { ...base, group: '', version: '', resource: 'users' };
    case 'Group':
      return { ...base, group: '', version: '', resource: 'groups' };
    case 'UserExtra':
      return { ...base, group: 'authentication.k8s.io', version: 'v1', resource: 'userextras', subresource: asked.key };
    case 'UID':
      return { ...base, group: 'authentication.k8s.io', version: 'v1', resource: 'uids' };
  }
}

/** system:authenticated for anyone but system:anonymous (who gets system:unauthenticated), unless a group asked for already says. */
function withImpliedGroup(username: string, groups: string[]): string[] {
  if (username === 'system:anonymous') return groups.includes('system:unauthenticated') ? groups : [...groups, 'system:unauthenticated'];
  if (groups.includes('system:authenticated') || groups.includes('system:unauthenticated')) return groups;
  return [...groups, 'system:authenticated'];
}

/** What the headers ask to impersonate, in kube's order (user, groups, extras, uid); 400 when a user is missing. */
function impersonationRequestsOf(request: IncomingMessage): ImpersonationRequest[] {
  const headers = headersDistinctOf(request);
  const requests: ImpersonationRequest[] = [];
  const username = headers[userHeader]?.[0] ?? '';
  if (username !== '') {
    const serviceAccount = splitServiceAccountUsername(username);
    requests.push(serviceAccount === undefined ? { kind: 'User', name: username } : { kind: 'ServiceAccount', ...serviceAccount });
  }
  for (const group of headers[groupHeader] ?? []) requests.push({ kind: 'Group', name: group });
  for (const [header, values] of Object.entries(headers)) {
    if (!header.startsWith(extraHeaderPrefix) || values === undefined) continue;
    const key = extraKeyOf(header.slice(extraHeaderPrefix.length));
    for (const value of values) requests.push({ kind: 'UserExtra', key, name: value });
  }
  const uid = headers[uidHeader]?.[0] ?? '';
  if (uid !== '') requests.push({ kind: 'UID', name: uid });
  if (username === '' && requests.length > 0) throw newBadRequest(`requested [${requests.map(objectReferenceString).join(' ')}] without impersonating a user`);
  return requests;
}

/** An extra's key is %-encoded in its header name (kube keeps a malformed one as it is). */
function extraKeyOf(encoded: string): string {
  try {
    return decodeURIComponent(encoded);
  } catch {
    return encoded;
  }
}

/** A v1.ObjectReference as Go's %v prints it: {Kind Namespace Name UID APIVersion ResourceVersion FieldPath}. */
function objectReferenceString(asked: ImpersonationRequest): string {
  const namespace = asked.kind === 'ServiceAccount' ? asked.namespace : '';
  const apiVersion = asked.kind === 'UserExtra' || asked.kind === 'UID' ? 'authentication.k8s.io/v1' : '';
  const fieldPath = asked.kind === 'UserExtra' ? asked.key : '';
  return `{${[asked.kind, namespace, asked.name, '', apiVersion, '', fieldPath].join(' ')}}`;
}

function dropImpersonationHeaders(request: IncomingMessage): void {
  for (const header of Object.keys(request.headers)) {
    if (header === userHeader || header === groupHeader || header === uidHeader || header.startsWith(extraHeaderPrefix)) delete request.headers[header];
  }
}

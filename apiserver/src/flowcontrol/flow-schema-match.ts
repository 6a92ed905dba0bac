// Which FlowSchema a request belongs to (kube's rule.go): a schema matches when one of its rules
// names a subject the user is and a resource or non-resource rule that covers the request. The
// schemas are tried in matchingPrecedence order (then by name), the first match wins.

import type { UserInfo } from '../authentication/authenticator.ts';
import type { RequestInfo } from '../request-info/request-info.ts';
import { numberOf, objectOf, objectsAt, stringOf, stringsOf } from '../registry/defaulting/json-fields.ts';
import type { JsonObject } from '../registry/object-meta.ts';

export interface Subject {
  readonly kind: string;
  readonly name: string;
  /** A ServiceAccount subject's namespace. */
  readonly namespace: string;
}

export interface ResourceRule {
  readonly verbs: readonly string[];
  readonly apiGroups: readonly string[];
  readonly resources: readonly string[];
  readonly namespaces: readonly string[];
  readonly clusterScope: boolean;
}

export interface NonResourceRule {
  readonly verbs: readonly string[];
  readonly nonResourceURLs: readonly string[];
}

export interface PolicyRules {
  readonly subjects: readonly Subject[];
  readonly resourceRules: readonly ResourceRule[];
  readonly nonResourceRules: readonly NonResourceRule[];
}

/** A FlowSchema as the dispatcher uses it. */
export interface FlowSchema {
  readonly name: string;
  readonly uid: string;
  readonly priorityLevelName: string;
  readonly matchingPrecedence: number;
  readonly distinguisher: 'ByUser' | 'ByNamespace' | undefined;
  readonly rules: readonly PolicyRules[];
}

function subjectOf(subject: JsonObject): Subject {
  const kind = stringOf(subject.kind);
  const detail = objectOf(kind === 'User' ? subject.user : kind === 'Group' ? subject.group : subject.serviceAccount);
  return { kind, name: stringOf(detail.name), namespace: stringOf(detail.namespace) };
}

export function flowSchemaOf(object: JsonObject): FlowSchema {
  const metadata = objectOf(object.metadata);
  const spec = objectOf(object.spec);
  const method = stringOf(objectOf(spec.distinguisherMethod).type);
  return {
    name: stringOf(metadata.name),
    uid: stringOf(metadata.uid),
    priorityLevelName: stringOf(objectOf(spec.priorityLevelConfiguration).name),
    matchingPrecedence: numberOf(spec.matchingPrecedence),
    distinguisher: method === 'ByUser' || method === 'ByNamespace' ? method : undefined,
    rules: objectsAt(spec, 'rules').map((rule) => ({
      subjects: objectsAt(rule, 'subjects').map(subjectOf),
      resourceRules: objectsAt(rule, 'resourceRules').map((r) => ({
        verbs: stringsOf(r.verbs),
        apiGroups: stringsOf(r.apiGroups),
        resources: stringsOf(r.resources),
        namespaces: stringsOf(r.namespaces),
        clusterScope: r.clusterScope === true,
      })),
      nonResourceRules: objectsAt(rule, 'nonResourceRules').map((r) => ({ verbs: stringsOf(r.verbs), nonResourceURLs: stringsOf(r.nonResourceURLs) })),
    })),
  };
}

/** kube's FlowSchemaSequence order: matchingPrecedence, then name. */
export const byMatchingPrecedence = (a: FlowSchema, b: FlowSchema): number => a.matchingPrecedence - b.matchingPrecedence || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

const serviceAccountPrefix = 'system:serviceaccount:';

function matchesSubject(user: UserInfo, subject: Subject): boolean {
  switch (subject.kind) {
    case 'User':
      return subject.name === '*' || subject.name === user.username;
    case 'Group':
      return subject.name === '*' || user.groups.includes(subject.name);
    case 'ServiceAccount':
      if (subject.name === '*') return user.username.startsWith(`${serviceAccountPrefix}${subject.namespace}:`);
      return user.username === `${serviceAccountPrefix}${subject.namespace}:${subject.name}`;
    default:
      return false;
  }
}

/** The wildcard counts only as the list's one member, as validation makes it. */
const listCovers = (list: readonly string[], value: string, wildcard: string): boolean => (list.length === 1 && list[0] === wildcard) || list.includes(value);

function matchesResourceRule(info: RequestInfo, rule: ResourceRule): boolean {
  if (!listCovers(rule.verbs, info.verb, '*')) return false;
  const resource = info.subresource === '' ? info.resource : `${info.resource}/${info.subresource}`;
  if (!listCovers(rule.resources, resource, '*') || !listCovers(rule.apiGroups, info.apiGroup, '*')) return false;
  if (info.namespace === '') return rule.clusterScope;
  return listCovers(rule.namespaces, info.namespace, '*');
}

function matchesNonResourceRule(info: RequestInfo, rule: NonResourceRule): boolean {
  if (!listCovers(rule.verbs, info.verb, '*')) return false;
  return rule.nonResourceURLs.some((url) => {
    if (url === '*' || url === info.path) return true;
    // "/apis/*" and "/apis" both cover what is under /apis/.
    let prefix = url.endsWith('*') ? url.slice(0, -1) : url;
    if (!prefix.endsWith('/')) prefix += '/';
    return info.path.startsWith(prefix);
  });
}

export function matchesFlowSchema(user: UserInfo, info: RequestInfo, schema: FlowSchema): boolean {
  return schema.rules.some(
    (rule) =>
      rule.subjects.some((subject) => matchesSubject(user, subject)) &&
      (info.isResourceRequest ? rule.resourceRules.some((r) => matchesResourceRule(info, r)) : rule.nonResourceRules.some((r) => matchesNonResourceRule(info, r))),
  );
}

/** The flow within a schema a request belongs to: its user's name or its namespace. */
export function flowDistinguisher(user: UserInfo, info: RequestInfo, schema: FlowSchema): string {
  if (schema.distinguisher === 'ByUser') return user.username;
  if (schema.distinguisher === 'ByNamespace') return info.namespace;
  return '';
}

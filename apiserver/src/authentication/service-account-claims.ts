// The claims of service account tokens, as kube's pkg/serviceaccount writes and reads them: the
// registered claims (iss, sub, aud, exp, iat, nbf, jti) and the private `kubernetes.io` claim
// naming the namespace, the ServiceAccount and the object the token is bound to; and the user a
// token stands for (kube's ServiceAccountInfo.UserInfo).

import type { UserInfo } from './authenticator.ts';

export const serviceAccountUsernamePrefix = 'system:serviceaccount:';
export const allServiceAccountsGroup = 'system:serviceaccounts';

/** The extra keys of a service account user: kube's authentication.kubernetes.io/<key>. */
const extraKey = (key: 'pod-name' | 'pod-uid' | 'node-name' | 'node-uid' | 'credential-id'): string => `authentication.kubernetes.io/${key}`;

export const serviceAccountUsername = (namespace: string, name: string): string => `${serviceAccountUsernamePrefix}${namespace}:${name}`;

export interface ObjectRef {
  readonly name: string;
  readonly uid: string;
}

/** The private claim of a bound token. */
export interface KubernetesClaim {
  readonly namespace: string;
  readonly serviceaccount: ObjectRef;
  readonly pod?: ObjectRef;
  readonly secret?: ObjectRef;
  readonly node?: ObjectRef;
  /** Seconds since the epoch after which a use is stale (the tokens of extended expiration). */
  readonly warnafter?: number;
}

export interface TokenClaimsRequest {
  readonly issuer: string;
  readonly serviceAccount: { readonly namespace: string; readonly name: string; readonly uid: string };
  readonly audiences: readonly string[];
  readonly expirationSeconds: number;
  /** Seconds after issue at which the token counts as stale; 0 for none. */
  readonly warnAfterSeconds: number;
  /** A pod, or a secret, or a node alone; a pod's node may come with it. */
  readonly pod?: ObjectRef;
  readonly secret?: ObjectRef;
  readonly node?: ObjectRef;
  readonly now: Date;
  readonly jti: string;
}

/** The payload of a bound token, its claims in the order go-jose writes them (by name). */
export function boundTokenClaims(request: TokenClaimsRequest): Record<string, unknown> {
  const now = Math.floor(request.now.getTime() / 1000);
  const { namespace, name, uid } = request.serviceAccount;
  // go-jose writes the claims through a map: every level's keys in order.
  const node = request.node === undefined || request.secret !== undefined ? undefined : request.node;
  const secret = request.pod === undefined ? request.secret : undefined;
  const kubernetes: Record<string, unknown> = {
    namespace,
    ...(node === undefined ? {} : { node: refOf(node.name, node.uid) }),
    ...(request.pod === undefined ? {} : { pod: refOf(request.pod.name, request.pod.uid) }),
    ...(secret === undefined ? {} : { secret: refOf(secret.name, secret.uid) }),
    serviceaccount: refOf(name, uid),
    ...(request.warnAfterSeconds === 0 ? {} : { warnafter: now + request.warnAfterSeconds }),
  };
  return {
    aud: [...request.audiences],
    exp: now + request.expirationSeconds,
    iat: now,
    iss: request.issuer,
    jti: request.jti,
    'kubernetes.io': kubernetes,
    nbf: now,
    sub: serviceAccountUsername(namespace, name),
  };
}

/** A ref as kube encodes one: empty fields left out. */
function refOf(name: string, uid: string): Record<string, string> {
  return { ...(name === '' ? {} : { name }), ...(uid === '' ? {} : { uid }) };
}

/** The private claim of a verified payload; empty fields where it says nothing (as Go decodes it). */
export function kubernetesClaimOf(payload: Record<string, unknown>): KubernetesClaim {
  const claim = asRecord(payload['kubernetes.io']);
  const warnafter = claim.warnafter;
  return {
    namespace: stringOf(claim.namespace),
    serviceaccount: objectRefOf(claim.serviceaccount) ?? { name: '', uid: '' },
    ...optionalRef('pod', claim.pod),
    ...optionalRef('secret', claim.secret),
    ...optionalRef('node', claim.node),
    ...(typeof warnafter === 'number' && warnafter !== 0 ? { warnafter } : {}),
  };
}

function optionalRef(key: 'pod' | 'secret' | 'node', value: unknown): Partial<Record<'pod' | 'secret' | 'node', ObjectRef>> {
  const ref = objectRefOf(value);
  return ref === undefined ? {} : { [key]: ref };
}

function objectRefOf(value: unknown): ObjectRef | undefined {
  if (value === undefined || value === null) return undefined;
  const ref = asRecord(value);
  return { name: stringOf(ref.name), uid: stringOf(ref.uid) };
}

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const stringOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** kube's ServiceAccountInfo: who a verified token stands for. */
export interface ServiceAccountInfo {
  readonly namespace: string;
  readonly name: string;
  readonly uid: string;
  readonly podName?: string;
  readonly podUid?: string;
  readonly nodeName?: string;
  readonly nodeUid?: string;
  /** `JTI=<jti>` for a token with an id. */
  readonly credentialId?: string;
}

/** kube's ServiceAccountInfo.UserInfo: the user, its groups, and the extra of a bound token. */
export function serviceAccountUser(info: ServiceAccountInfo): UserInfo {
  const extra: Record<string, readonly string[]> = {};
  if (info.podName && info.podUid) {
    extra[extraKey('pod-name')] = [info.podName];
    extra[extraKey('pod-uid')] = [info.podUid];
  }
  if (info.credentialId) extra[extraKey('credential-id')] = [info.credentialId];
  if (info.nodeName) {
    extra[extraKey('node-name')] = [info.nodeName];
    if (info.nodeUid) extra[extraKey('node-uid')] = [info.nodeUid];
  }
  return {
    username: serviceAccountUsername(info.namespace, info.name),
    uid: info.uid,
    groups: [allServiceAccountsGroup, `system:serviceaccounts:${info.namespace}`],
    extra,
  };
}

/** kube's CredentialIDForJTI. */
export const credentialIdOf = (jti: string): string | undefined => (jti === '' ? undefined : `JTI=${jti}`);

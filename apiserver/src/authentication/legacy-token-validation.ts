// kube's validator of legacy service account tokens (issuer `kubernetes/serviceaccount`, kept in
// Secrets of type kubernetes.io/service-account-token): the claims must name the account and its
// Secret; with --service-account-lookup the Secret must still hold this very token and the
// ServiceAccount still exist with the token's uid. Such tokens never expire.

import { timingSafeEqual } from 'node:crypto';
import type { JsonObject } from '../registry/object-meta.ts';
import { AuthenticationError } from './authenticator.ts';
import type { TokenValidator } from './service-account-authenticator.ts';
import { serviceAccountUsernamePrefix } from './service-account-claims.ts';
import { unlessNotFound, type ServiceAccountObjects } from './service-account-objects.ts';

export const legacyIssuer = 'kubernetes/serviceaccount';

/** The private claims of a legacy token. */
export const legacyClaimNames = {
  namespace: 'kubernetes.io/serviceaccount/namespace',
  serviceAccountName: 'kubernetes.io/serviceaccount/service-account.name',
  serviceAccountUid: 'kubernetes.io/serviceaccount/service-account.uid',
  secretName: 'kubernetes.io/serviceaccount/secret.name',
} as const;

/** kube's label of a legacy token the cleaner has marked invalid. */
const invalidSinceLabel = 'kubernetes.io/legacy-token-invalid-since';

const dns1123Label = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const dns1123Subdomain = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/** kube's SplitUsername: the namespace and name of `system:serviceaccount:<ns>:<name>`, or undefined. */
export function splitServiceAccountUsername(username: string): { namespace: string; name: string } | undefined {
  if (!username.startsWith(serviceAccountUsernamePrefix)) return undefined;
  const parts = username.slice(serviceAccountUsernamePrefix.length).split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, name] = parts as [string, string];
  if (namespace.length > 63 || !dns1123Label.test(namespace) || name.length > 253 || !dns1123Subdomain.test(name)) return undefined;
  return { namespace, name };
}

export function legacyTokenValidator(objects: ServiceAccountObjects, lookup: boolean): TokenValidator {
  return async (token, payload) => {
    const claim = (key: keyof typeof legacyClaimNames): string => {
      const value = payload[legacyClaimNames[key]];
      return typeof value === 'string' ? value : '';
    };
    const subject = typeof payload.sub === 'string' ? payload.sub : '';
    if (subject === '') throw new AuthenticationError('sub claim is missing');
    const namespace = claim('namespace');
    if (namespace === '') throw new AuthenticationError('namespace claim is missing');
    const secretName = claim('secretName');
    if (secretName === '') throw new AuthenticationError('secretName claim is missing');
    const name = claim('serviceAccountName');
    if (name === '') throw new AuthenticationError('serviceAccountName claim is missing');
    const uid = claim('serviceAccountUid');
    if (uid === '') throw new AuthenticationError('serviceAccountUID claim is missing');
    const subjectAccount = splitServiceAccountUsername(subject);
    if (subjectAccount?.namespace !== namespace || subjectAccount.name !== name) throw new AuthenticationError('sub claim is invalid');
    if (lookup) await checkAgainstStore(objects, token, { namespace, name, uid, secretName });
    return { namespace, name, uid };
  };
}

async function checkAgainstStore(objects: ServiceAccountObjects, token: string, claims: { namespace: string; name: string; uid: string; secretName: string }): Promise<void> {
  const { namespace, name, uid, secretName } = claims;
  const secret = await unlessNotFound(objects.secret(namespace, secretName));
  const metadataOf = (object: JsonObject) => (object.metadata ?? {}) as { deletionTimestamp?: string; uid?: string; labels?: Record<string, string> };
  if (secret === undefined || metadataOf(secret).deletionTimestamp !== undefined) throw new AuthenticationError('Token has been invalidated');
  const stored = Buffer.from(
    typeof (secret.data as Record<string, unknown> | undefined)?.token === 'string' ? ((secret.data as Record<string, string>).token as string) : '',
    'base64',
  );
  const presented = Buffer.from(token, 'utf8');
  if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) throw new AuthenticationError("Token does not match server's copy");
  const serviceAccount = await objects.serviceAccount(namespace, name);
  if (metadataOf(serviceAccount).deletionTimestamp !== undefined) throw new AuthenticationError(`ServiceAccount ${namespace}/${name} has been deleted`);
  const storedUid = metadataOf(serviceAccount).uid ?? '';
  if (storedUid !== uid) throw new AuthenticationError(`ServiceAccount UID (${storedUid}) does not match claim (${uid})`);
  if ((metadataOf(secret).labels?.[invalidSinceLabel] ?? '') !== '') {
    throw new AuthenticationError(
      `the token in secret ${namespace}/${secretName} for service account ${namespace}/${name} has been marked invalid. Use tokens from the TokenRequest API or manually created secret-based tokens, or remove the '${invalidSinceLabel}' label from the secret to temporarily allow use of this token`,
    );
  }
}

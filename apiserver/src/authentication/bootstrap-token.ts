// --enable-bootstrap-token-auth: kube's bootstrap token authenticator. A token `<id>.<secret>` (6
// and 16 of [a-z0-9]) is good while the Secret kube-system/bootstrap-token-<id> of type
// bootstrap.kubernetes.io/token holds that token-id and token-secret, is not being deleted, has not
// passed its `expiration` (RFC 3339; unreadable is expired) and says usage-bootstrap-authentication
// "true". The user is system:bootstrap:<id>, in system:bootstrappers and the Secret's
// auth-extra-groups (each system:bootstrappers:...). Anything amiss leaves the token to the other
// authenticators, as kube does (it only logs why). Tokens are rare: each is one read of the Secret.

import { timingSafeEqual } from 'node:crypto';
import { isNotFound } from '@capstan/common';
import type { GenericStore } from '../registry/generic-store.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import { AuthenticationError, type TokenAuthenticator, type UserInfo } from './authenticator.ts';

const tokenPattern = /^([a-z0-9]{6})\.([a-z0-9]{16})$/;
const extraGroupPattern = /^system:bootstrappers:[a-z0-9:-]{0,255}[a-z0-9]$/;
const secretType = 'bootstrap.kubernetes.io/token';
const defaultGroup = 'system:bootstrappers';

export function bootstrapTokenAuthenticator(secrets: GenericStore, now: () => number = Date.now): TokenAuthenticator {
  return {
    authenticateToken: async (token) => {
      const match = tokenPattern.exec(token);
      if (match === null) return undefined;
      const [, id, secret] = match as unknown as [string, string, string];
      const stored = await secretNamed(secrets, `bootstrap-token-${id}`);
      return stored === undefined ? undefined : bootstrapUserOf(stored, id, secret, now());
    },
  };
}

async function secretNamed(secrets: GenericStore, name: string): Promise<JsonObject | undefined> {
  try {
    return await secrets.get('kube-system', name);
  } catch (error) {
    if (isNotFound(error)) return undefined;
    // kube's lister error joins the union's errors: a refusal, not a server error.
    throw new AuthenticationError(error instanceof Error ? error.message : String(error));
  }
}

/** The user of a bootstrap token Secret, or undefined when it does not make the token good. */
export function bootstrapUserOf(stored: JsonObject, id: string, secret: string, now: number): UserInfo | undefined {
  const metadata = (stored.metadata ?? {}) as JsonObject;
  if (metadata.deletionTimestamp !== undefined && metadata.deletionTimestamp !== null) return undefined;
  if (stored.type !== secretType || typeof stored.data !== 'object' || stored.data === null) return undefined;
  const data = stored.data as JsonObject;
  const value = (key: string): string => (typeof data[key] === 'string' ? Buffer.from(data[key], 'base64').toString('utf8') : '');
  if (!sameSecret(value('token-secret'), secret) || value('token-id') !== id) return undefined;
  if (hasExpired(value('expiration'), now) || value('usage-bootstrap-authentication') !== 'true') return undefined;
  const groups = new Set([defaultGroup]);
  const extraGroups = value('auth-extra-groups');
  if (extraGroups !== '') {
    for (const group of extraGroups.split(',')) {
      if (!extraGroupPattern.test(group)) return undefined;
      groups.add(group);
    }
  }
  // Sorted, as kube's string set lists them.
  return { username: `system:bootstrap:${id}`, uid: '', groups: [...groups].sort(), extra: {} };
}

/** A comparison that takes as long whatever the secret (kube's subtle.ConstantTimeCompare). */
function sameSecret(stored: string, given: string): boolean {
  const a = Buffer.from(stored);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** No expiration never expires; one that is not RFC 3339 counts as expired. */
function hasExpired(expiration: string, now: number): boolean {
  if (expiration === '') return false;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(expiration)) return true;
  const at = Date.parse(expiration);
  return Number.isNaN(at) || at <= now;
}

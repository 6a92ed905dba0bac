// The union of token authenticators (src/authentication/token-union.ts): kube's audience-agnostic
// wrapping of the token file, an audience-aware authenticator judging audiences itself, and kube's
// aggregate of refusals.

import test from 'ava';
import { AuthenticationError, type TokenAuthenticator } from '../src/authentication/authenticator.ts';
import { tokenFileAuthenticator } from '../src/authentication/token-file.ts';
import { aggregateMessage, authenticateToken } from '../src/authentication/token-union.ts';
import { writeTokenFile } from './token-users.ts';

const tokenFile = tokenFileAuthenticator(writeTokenFile());
const alice = { username: 'alice', uid: 'uid-alice', groups: ['devs', 'ops'], extra: {} };

/** An authenticator of tokens `aud:<audience>`, good for that audience only (as a service account token names its audiences). */
const audienceAware: TokenAuthenticator = {
  authenticateToken: () => undefined,
  authenticateTokenFor: (token, audiences) => {
    if (!token.startsWith('aud:')) return undefined;
    const audience = token.slice(4);
    if (!audiences.includes(audience)) throw new AuthenticationError('token audiences is invalid');
    return { user: { username: 'sa', uid: '', groups: [], extra: {} }, audiences: [audience] };
  },
};

test('a token file’s tokens are good for the API server’s audiences only, when audiences are asked for', async (t) => {
  const tokens = { authenticators: [tokenFile], apiAudiences: ['https://kubernetes.default.svc'] };
  t.deepEqual(await authenticateToken(tokens, 'alicetoken'), { user: alice, audiences: [] });
  t.deepEqual(await authenticateToken(tokens, 'alicetoken', ['x', 'https://kubernetes.default.svc']), { user: alice, audiences: ['https://kubernetes.default.svc'] });
  await t.throwsAsync(authenticateToken(tokens, 'alicetoken', ['x']), { message: 'invalid bearer token' });
});

test('an audience-aware authenticator judges the audiences asked for (the API server’s by default)', async (t) => {
  const tokens = { authenticators: [tokenFile, audienceAware], apiAudiences: ['api'] };
  t.like(await authenticateToken(tokens, 'aud:custom', ['custom']), { user: { username: 'sa' }, audiences: ['custom'] });
  t.like(await authenticateToken(tokens, 'aud:api'), { audiences: ['api'] });
  await t.throwsAsync(authenticateToken(tokens, 'aud:custom'), { message: 'token audiences is invalid' });
});

test('refusals are joined as kube’s error aggregate words them', (t) => {
  t.is(aggregateMessage(['invalid bearer token']), 'invalid bearer token');
  t.is(aggregateMessage(['invalid bearer token', 'invalid bearer token']), 'invalid bearer token');
  t.is(aggregateMessage(['invalid bearer token', 'oidc: x', 'oidc: x']), '[invalid bearer token, oidc: x]');
});

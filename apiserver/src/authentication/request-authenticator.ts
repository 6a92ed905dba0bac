// The authenticators of a request in kube-apiserver's order (BuildAuthenticator): client
// certificates, then bearer tokens (the token file, then the token authenticators added for
// service accounts, bootstrap tokens and JWT issuers); an authenticated user is given the group
// system:authenticated; a request with no credentials at all is system:anonymous when
// --anonymous-auth allows it, and 401 otherwise.

import type { Logger } from '@capstan/common';
import type { PostStartHook } from '../health/post-start-hooks.ts';
import type { Registry } from '../registry/registry.ts';
import { anonymousAuthenticator, type Authenticator, type TokenAuthenticator, type UserInfo } from './authenticator.ts';
import { bearerTokenAuthenticator } from './bearer-token.ts';
import { tokenFileAuthenticator } from './token-file.ts';
import { x509Authenticator } from './x509.ts';
import type { ServiceAccountOptions } from './service-account-options.ts';
import { serviceAccountObjectsOf } from './service-account-objects.ts';
import { serviceAccountTokensOf, type ServiceAccountTokens } from './service-account-tokens.ts';

/** How requests are authenticated: the API server's --anonymous-auth, --token-auth-file, ... */
export interface AuthenticationOptions {
  /** --anonymous-auth: a request without credentials is system:anonymous (else 401). */
  readonly anonymous: boolean;
  /** --token-auth-file. */
  readonly tokenAuthFile?: string;
  /** Whether the secure port asks for client certificates (--client-ca-file is set). */
  readonly clientCertificates?: boolean;
  /** The --service-account-* flags: service account tokens are issued and accepted. */
  readonly serviceAccounts?: ServiceAccountOptions;
}

/** What the authenticators are built from. */
export interface AuthenticationContext {
  readonly registry: Registry;
  readonly logger: Logger;
}

/** Anonymous requests only: what an API server without authentication options does. */
export const anonymousOnly: AuthenticationOptions = { anonymous: true };

export interface RequestAuthenticator {
  readonly authenticator: Authenticator;
  readonly postStartHooks: readonly PostStartHook[];
  /** What TokenRequest and the OpenID discovery documents serve, with service accounts configured. */
  readonly serviceAccountTokens?: ServiceAccountTokens;
}

export function requestAuthenticatorOf(options: AuthenticationOptions, context: AuthenticationContext): RequestAuthenticator {
  const tokenAuthenticators: TokenAuthenticator[] = [];
  if (options.tokenAuthFile !== undefined) tokenAuthenticators.push(tokenFileAuthenticator(options.tokenAuthFile, (message) => context.logger.warn(message)));
  const serviceAccountTokens = options.serviceAccounts === undefined ? undefined : serviceAccountTokensOf(options.serviceAccounts, serviceAccountObjectsOf(context.registry));
  if (serviceAccountTokens !== undefined) tokenAuthenticators.push(...serviceAccountTokens.authenticators);
  const authenticators: Authenticator[] = [];
  if (options.clientCertificates === true) authenticators.push(x509Authenticator);
  if (tokenAuthenticators.length > 0) authenticators.push(bearerTokenAuthenticator(tokenAuthenticators));
  const authenticator = withAnonymous(withAuthenticatedGroup(authenticators), options.anonymous);
  return { authenticator, postStartHooks: [], ...(serviceAccountTokens === undefined ? {} : { serviceAccountTokens }) };
}

/** kube's AuthenticatedGroupAdder over the union of the authenticators: the first that knows the request answers. */
function withAuthenticatedGroup(authenticators: readonly Authenticator[]): Authenticator {
  if (authenticators.length === 0) return { authenticate: () => undefined };
  return {
    authenticate: async (request) => {
      for (const authenticator of authenticators) {
        const answer = authenticator.authenticate(request);
        const user = answer instanceof Promise ? await answer : answer;
        if (user !== undefined) return withGroup(user, authenticatedGroup);
      }
      return undefined;
    },
  };
}

export const authenticatedGroup = 'system:authenticated';

function withGroup(user: UserInfo, group: string): UserInfo {
  if (user.groups.includes(group) || user.groups.includes('system:unauthenticated')) return user;
  return { ...user, groups: [...user.groups, group] };
}

/** The anonymous user for a request nobody recognised, when allowed. */
function withAnonymous(authenticator: Authenticator, anonymous: boolean): Authenticator {
  if (!anonymous) return authenticator;
  return {
    // Without credentials there is nothing to wait for: no turn of the event loop.
    authenticate: (request) => {
      const answer = authenticator.authenticate(request);
      if (answer === undefined) return anonymousAuthenticator.authenticate(request);
      if (!(answer instanceof Promise)) return answer;
      return answer.then((user) => user ?? anonymousAuthenticator.authenticate(request));
    },
  };
}

// The authenticators of a request in kube-apiserver's order (BuildAuthenticator): client
// certificates, then bearer tokens (the token file, then the token authenticators added for
// service accounts, bootstrap tokens and JWT issuers); an authenticated user is given the group
// system:authenticated; a request with no credentials at all is system:anonymous when
// --anonymous-auth allows it, and 401 otherwise.

import type { IncomingMessage } from 'node:http';
import type { Logger } from '@capstan/common';
import type { PostStartHook } from '../health/post-start-hooks.ts';
import type { Registry } from '../registry/registry.ts';
import { anonymousAuthenticator, type Authenticator, type TokenAuthenticator, type UserInfo } from './authenticator.ts';
import { bearerTokenAuthenticator } from './bearer-token.ts';
import { bootstrapTokenAuthenticator } from './bootstrap-token.ts';
import { tokenFileAuthenticator } from './token-file.ts';
import { x509Authenticator } from './x509.ts';
import type { ServiceAccountOptions } from './service-account-options.ts';
import { serviceAccountObjectsOf } from './service-account-objects.ts';
import { serviceAccountTokensOf, type ServiceAccountTokens } from './service-account-tokens.ts';
import type { TokenAuthenticators } from './token-union.ts';
import { webSocketProtocolAuthenticator } from './websocket-protocol.ts';
import { secretResource } from '../resources/core/secrets.ts';
import type { AnonymousConfig, AuthenticationConfig } from './authentication-config.ts';
import { JwtAuthenticators } from './jwt-authenticators.ts';

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
  /** --enable-bootstrap-token-auth: bootstrap token Secrets of kube-system. */
  readonly bootstrapTokens?: boolean;
  /** --api-audiences: what tokens that carry no audience of their own are good for (TokenReview's default audiences). */
  readonly apiAudiences?: readonly string[];
  /** --authentication-config: JWT authenticators, and the anonymous authenticator in place of --anonymous-auth. */
  readonly authenticationConfig?: AuthenticationConfig;
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
  /** The bearer token authenticators, in order, which TokenReview asks too. */
  readonly tokens: TokenAuthenticators;
  readonly postStartHooks: readonly PostStartHook[];
  /** What TokenRequest and the OpenID discovery documents serve, with service accounts configured. */
  readonly serviceAccountTokens?: ServiceAccountTokens;
}

export function requestAuthenticatorOf(options: AuthenticationOptions, context: AuthenticationContext): RequestAuthenticator {
  const tokenAuthenticators: TokenAuthenticator[] = [];
  if (options.tokenAuthFile !== undefined) tokenAuthenticators.push(tokenFileAuthenticator(options.tokenAuthFile, (message) => context.logger.warn(message)));
  const serviceAccountTokens = options.serviceAccounts === undefined ? undefined : serviceAccountTokensOf(options.serviceAccounts, serviceAccountObjectsOf(context.registry));
  if (serviceAccountTokens !== undefined) tokenAuthenticators.push(...serviceAccountTokens.authenticators);
  if (options.bootstrapTokens === true) tokenAuthenticators.push(bootstrapTokenAuthenticator(context.registry.builtinStore(secretResource)));
  // After service account and bootstrap tokens, which are cheaper to tell apart (kube's order).
  if (options.authenticationConfig !== undefined) {
    tokenAuthenticators.push(
      new JwtAuthenticators(options.authenticationConfig, { info: (message) => context.logger.info(message), error: (message) => context.logger.error(message) }),
    );
  }
  const apiAudiences = options.apiAudiences ?? options.serviceAccounts?.apiAudiences ?? [];
  const tokens: TokenAuthenticators = { authenticators: tokenAuthenticators, apiAudiences };
  const authenticators: Authenticator[] = [];
  if (options.clientCertificates === true) authenticators.push(x509Authenticator);
  if (tokenAuthenticators.length > 0) authenticators.push(bearerTokenAuthenticator(tokens), webSocketProtocolAuthenticator(tokens));
  const anonymous = options.authenticationConfig?.anonymous ?? { enabled: options.anonymous, paths: [] };
  const authenticator = withAnonymous(withAuthenticatedGroup(authenticators), anonymous);
  return { authenticator, tokens, postStartHooks: [], ...(serviceAccountTokens === undefined ? {} : { serviceAccountTokens }) };
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

/** The user in `group` too, unless already in it or in system:unauthenticated (kube's AuthenticatedGroupAdder). */
export function withGroup(user: UserInfo, group: string): UserInfo {
  if (user.groups.includes(group) || user.groups.includes('system:unauthenticated')) return user;
  return { ...user, groups: [...user.groups, group] };
}

/** The anonymous user for a request nobody recognised, when allowed (on the configured paths only, when there are any). */
function withAnonymous(authenticator: Authenticator, anonymous: AnonymousConfig): Authenticator {
  if (!anonymous.enabled) return authenticator;
  const paths = new Set(anonymous.paths);
  const anonymousOf = (request: IncomingMessage): UserInfo | undefined =>
    paths.size === 0 || paths.has(new URL(request.url ?? '/', 'http://capstan').pathname) ? (anonymousAuthenticator.authenticate(request) as UserInfo) : undefined;
  return {
    // Without credentials there is nothing to wait for: no turn of the event loop.
    authenticate: (request) => {
      const answer = authenticator.authenticate(request);
      if (answer === undefined) return anonymousOf(request);
      if (!(answer instanceof Promise)) return answer;
      return answer.then((user) => user ?? anonymousOf(request));
    },
  };
}

// kube's union of token authenticators behind the bearer token and WebSocket protocol
// authenticators and TokenReview: each is asked in turn until one knows the token. Most are
// audience-agnostic (kube's WrapAudienceAgnosticToken): when audiences are asked for, a token is
// good only for those of the API server's audiences (--api-audiences) among them; one that knows
// audiences (authenticateTokenFor, as service account tokens) judges them itself. A token nobody
// knows is "invalid bearer token"; the refusals of those that knew it bad are joined as kube's
// error aggregate words them.

import { AuthenticationError, type TokenAuthenticator, type TokenResponse } from './authenticator.ts';

/** The token authenticators and the API server's audiences (--api-audiences), as TokenReview and the bearer authenticators share them. */
export interface TokenAuthenticators {
  readonly authenticators: readonly TokenAuthenticator[];
  readonly apiAudiences: readonly string[];
}

/** The user of a token, or an AuthenticationError; `audiences` undefined when the request asks none (any audience). */
export async function authenticateToken(tokens: TokenAuthenticators, token: string, audiences?: readonly string[]): Promise<TokenResponse> {
  // An audience-agnostic authenticator serves only the API server's audiences.
  const accepted = audiences === undefined ? [] : tokens.apiAudiences.filter((audience) => audiences.includes(audience));
  const errors: string[] = [];
  for (const authenticator of tokens.authenticators) {
    try {
      if (authenticator.authenticateTokenFor !== undefined) {
        const response = await authenticator.authenticateTokenFor(token, audiences ?? tokens.apiAudiences);
        if (response !== undefined) return response;
        continue;
      }
      if (audiences !== undefined && accepted.length === 0) continue;
      const answer = authenticator.authenticateToken(token);
      const user = answer instanceof Promise ? await answer : answer;
      if (user !== undefined) return { user, audiences: accepted };
    } catch (error) {
      if (!(error instanceof AuthenticationError)) throw error;
      errors.push(error.message);
    }
  }
  throw new TokenRefused(errors.length === 0 ? ['invalid bearer token'] : errors);
}

/** A token no authenticator accepted, with each refusal (kube's error aggregate). */
export class TokenRefused extends AuthenticationError {
  readonly reasons: readonly string[];
  constructor(reasons: readonly string[]) {
    super(aggregateMessage(reasons));
    this.reasons = reasons;
  }
}

/** utilerrors.Aggregate's message: each distinct message once, in brackets when there are several. */
export function aggregateMessage(messages: readonly string[]): string {
  const distinct = [...new Set(messages)];
  return distinct.length === 1 ? (distinct[0] as string) : `[${distinct.join(', ')}]`;
}

// TokenReview's answer (kube's tokenreview REST storage): the token is authenticated as a request
// carrying only `Authorization: Bearer <token>` would be, for the review's audiences (the API
// server's when it names none), and the user is in system:authenticated as any authenticated user.
// A refused token is an answer too (status.error), never a failed request.

import { newInternalError } from '@capstan/common';
import { reviewedUser } from '../endpoints/create-review.ts';
import type { JsonObject } from '../registry/object-meta.ts';
import type { TokenResponse } from './authenticator.ts';
import { authenticatedGroup, withGroup } from './request-authenticator.ts';
import { aggregateMessage, authenticateToken, TokenRefused, type TokenAuthenticators } from './token-union.ts';

/** status of a TokenReview of `token` for `specAudiences`. */
export async function tokenReviewStatus(tokens: TokenAuthenticators, token: string, specAudiences: readonly string[]): Promise<JsonObject> {
  const audiences = specAudiences.length > 0 ? specAudiences : tokens.apiAudiences;
  let response: TokenResponse;
  try {
    response = await authenticateToken(tokens, token, audiences.length > 0 ? audiences : undefined);
  } catch (error) {
    // kube's API server asks its loopback token first, which knows no other token: its refusal leads.
    if (error instanceof TokenRefused) return { user: {}, error: aggregateMessage(['invalid bearer token', ...error.reasons]) };
    throw error;
  }
  // An authenticator that answers for none of the audiences asked is a broken one.
  if (audiences.length > 0 && !response.audiences.some((audience) => audiences.includes(audience))) throw newInternalError('error validating audiences');
  return {
    authenticated: true,
    user: reviewedUser(withGroup(response.user, authenticatedGroup)),
    ...(response.audiences.length === 0 ? {} : { audiences: [...response.audiences] }),
  };
}

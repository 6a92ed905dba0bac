// kube's WithAuthentication: the user a request comes from (see
// authentication/request-authenticator.ts); a request nobody recognises, or whose credentials are
// refused, is answered 401 Unauthorized. The Authorization header is not passed on.

import { newUnauthorized } from '@capstan/common';
import { AuthenticationError, type Authenticator } from '../authentication/authenticator.ts';
import { hasSpaceBeforeToken, spaceBeforeTokenWarning } from '../authentication/bearer-token.ts';
import type { Filter } from './filter-chain.ts';

export function authentication(authenticator: Authenticator): Filter {
  return async (context, next) => {
    if (hasSpaceBeforeToken(context.request)) context.warnings.add(spaceBeforeTokenWarning);
    let user: Awaited<ReturnType<Authenticator['authenticate']>>;
    try {
      const answer = authenticator.authenticate(context.request);
      // Most authenticators answer at once: no turn of the event loop for them.
      user = answer instanceof Promise ? await answer : answer;
    } catch (error) {
      if (error instanceof AuthenticationError) throw newUnauthorized('Unauthorized');
      throw error;
    }
    if (user === undefined) throw newUnauthorized('Unauthorized');
    context.user = user;
    delete context.request.headers.authorization;
    return next();
  };
}

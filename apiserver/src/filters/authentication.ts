// kube's WithAuthentication: the user a request comes from, asked of the authenticators in order;
// a request none of them recognises is answered 401 Unauthorized.

import { newUnauthorized } from '@capstan/common';
import type { Authenticator } from '../authentication/authenticator.ts';
import type { Filter } from './filter-chain.ts';

export function authentication(authenticators: readonly Authenticator[]): Filter {
  return async (context, next) => {
    for (const authenticator of authenticators) {
      const answer = authenticator.authenticate(context.request);
      // Most authenticators answer at once: no turn of the event loop for them.
      const user = answer instanceof Promise ? await answer : answer;
      if (user !== undefined) {
        context.user = user;
        return next();
      }
    }
    throw newUnauthorized('Unauthorized');
  };
}

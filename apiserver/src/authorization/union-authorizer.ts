// kube's union authorizer: the authorizers of --authorization-mode asked in order; the first allow
// or deny decides, and when all of them have no opinion the request is denied with their reasons.

import type { AuthorizationDecision, Authorizer, Attributes } from './authorizer.ts';

export function unionAuthorizer(authorizers: readonly Authorizer[]): Authorizer {
  if (authorizers.length === 1) return authorizers[0] as Authorizer;
  return {
    authorize: async (attributes: Attributes): Promise<AuthorizationDecision> => {
      const reasons: string[] = [];
      for (const authorizer of authorizers) {
        const answer = authorizer.authorize(attributes);
        const decision = answer instanceof Promise ? await answer : answer;
        if (decision.decision !== 'noOpinion') return decision;
        if (decision.reason !== '') reasons.push(decision.reason);
      }
      return { decision: 'noOpinion', reason: reasons.join('\n') };
    },
  };
}

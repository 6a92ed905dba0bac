// kube's union authorizer: the authorizers of --authorization-mode asked in order; the first allow
// or deny decides, and when all of them have no opinion the request is denied with their reasons.
// What a user may do is what any of them lists (SelfSubjectRulesReview).

import type { UserInfo } from '../authentication/authenticator.ts';
import type { AuthorizationDecision, Authorizer, Attributes, SubjectRules } from './authorizer.ts';

export function unionAuthorizer(authorizers: readonly Authorizer[]): Authorizer {
  if (authorizers.length === 1) return authorizers[0] as Authorizer;
  return {
    // Synchronous while every authorizer answers synchronously: most requests never wait.
    authorize: (attributes: Attributes) => decide(authorizers, attributes, 0, []),
    rulesFor: (user, namespace) => unionRules(authorizers, user, namespace),
  };
}

/** The first allow or deny of the authorizers from `start` on; `reasons` gathers those of the ones with no opinion. */
function decide(authorizers: readonly Authorizer[], attributes: Attributes, start: number, reasons: string[]): AuthorizationDecision | Promise<AuthorizationDecision> {
  for (let i = start; i < authorizers.length; i++) {
    const answer = (authorizers[i] as Authorizer).authorize(attributes);
    if (answer instanceof Promise) return answer.then((decision) => settle(decision, reasons) ?? decide(authorizers, attributes, i + 1, reasons));
    const settled = settle(answer, reasons);
    if (settled !== undefined) return settled;
  }
  return { decision: 'noOpinion', reason: reasons.join('\n') };
}

const settle = (decision: AuthorizationDecision, reasons: string[]): AuthorizationDecision | undefined => {
  if (decision.decision !== 'noOpinion') return decision;
  if (decision.reason !== '') reasons.push(decision.reason);
  return undefined;
};

/** kube's union RulesFor: every authorizer's rules together; incomplete when any is (or cannot list its rules). */
async function unionRules(authorizers: readonly Authorizer[], user: UserInfo, namespace: string): Promise<SubjectRules> {
  const answers = await Promise.all(authorizers.map((authorizer) => authorizer.rulesFor?.(user, namespace)));
  return {
    resourceRules: answers.flatMap((answer) => answer?.resourceRules ?? []),
    nonResourceRules: answers.flatMap((answer) => answer?.nonResourceRules ?? []),
    incomplete: answers.some((answer) => answer === undefined || answer.incomplete),
    errors: answers.flatMap((answer) => answer?.errors ?? []),
  };
}

// The matchConditions of an admission webhook (kube's webhook matchconditions Matcher): CEL
// expressions over the request (`object`, `oldObject` in the matched version, `request`,
// `authorizer`), compiled once per webhook as the policies' are, and evaluated by the policies'
// matcher: a false condition skips the webhook; errors (with no condition false) are the webhook's
// to decide by its failurePolicy. The whole evaluation has kube's cost budget of match conditions.

import { admissionTypeIdentifiers, admissionVariables } from '@capstan/common/cel';
import type { MatchCondition } from '@capstan/common/api-types/admissionregistration-v1';
import type { Authorizer } from '../../authorization/authorizer.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { MatchedRequest } from '../matching/match-request.ts';
import type { VersionedObjects } from '../matching/versioned-objects.ts';
import { compile, type CompiledPolicy } from '../policy/compile-policy.ts';
import { requestBindings } from '../policy/policy-activation.ts';
import { PolicyAuthorizer, withSettledAuthorizer } from '../policy/policy-authorizer.ts';
import { matchConditions } from '../policy/policy-evaluation.ts';

/** A webhook's conditions see no params and no namespaceObject, and have the authorizer. */
const declarations = new Map([...admissionTypeIdentifiers(false), ...admissionVariables({ hasParams: false, hasAuthorizer: true })]);

/** The request as the conditions see it. */
export interface ConditionsInput {
  readonly attributes: AdmissionAttributes;
  readonly matched: MatchedRequest;
  readonly objects: VersionedObjects;
}

export class MatchConditions {
  readonly #conditions: CompiledPolicy['matchConditions'];

  constructor(conditions: readonly MatchCondition[]) {
    this.#conditions = conditions.map((condition) => ({ ...compile(condition.expression, declarations), name: condition.name }));
  }

  get empty(): boolean {
    return this.#conditions.length === 0;
  }

  /** Whether the webhook is called ('match'), skipped ('skip'), or cannot be decided (the errors, kube's aggregate). */
  evaluate(input: ConditionsInput, authorizer: Authorizer): Promise<'match' | 'skip' | { readonly error: string }> {
    const celAuthorizer = new PolicyAuthorizer(authorizer);
    const request = requestBindings(input.attributes, input.matched, input.objects, undefined);
    return withSettledAuthorizer(celAuthorizer, () => matchConditions(this.#conditions, { attributes: input.attributes, request, params: null, authorizer: celAuthorizer }));
  }
}

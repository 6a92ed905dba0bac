// The `authorizer` of admission CEL expressions over the API server's authorizer. CEL evaluates
// synchronously and an authorizer may answer later (a promise): a check whose decision is not known
// yet answers a placeholder and is remembered; the caller awaits the pending decisions and evaluates
// again, until an evaluation asked nothing new. Decisions are kept for the request, as kube's
// caching authorizer keeps them for one admission.

import type { Authorizer as CelAuthorizer, AuthorizerAttributes, AuthorizerDecision } from '@capstan/common/cel';
import { errorMessage } from '@capstan/common';
import type { Attributes, Authorizer } from '../../authorization/authorizer.ts';

const placeholder: AuthorizerDecision = { decision: 'noOpinion', reason: '' };

function attributesOf(attributes: AuthorizerAttributes): Attributes {
  const user = { username: attributes.user.name, uid: attributes.user.uid, groups: attributes.user.groups, extra: attributes.user.extra };
  if (!attributes.resourceRequest) return { user, isResourceRequest: false, path: attributes.path, verb: attributes.verb };
  return {
    user,
    isResourceRequest: true,
    path: '',
    verb: attributes.verb,
    group: attributes.apiGroup,
    version: attributes.apiVersion,
    resource: attributes.resource,
    subresource: attributes.subresource,
    namespace: attributes.namespace,
    name: attributes.name,
    ...(attributes.fieldSelectorRequirements === undefined ? {} : { fieldSelector: attributes.fieldSelectorRequirements }),
    ...(attributes.fieldSelectorParsingError === undefined ? {} : { fieldSelectorError: attributes.fieldSelectorParsingError }),
    ...(attributes.labelSelectorRequirements === undefined ? {} : { labelSelector: attributes.labelSelectorRequirements }),
    ...(attributes.labelSelectorParsingError === undefined ? {} : { labelSelectorError: attributes.labelSelectorParsingError }),
  };
}

/** A failed authorizer is a decision with an error (errored() is true in CEL), as a Go authorizer returning one. */
const failed = (error: unknown): AuthorizerDecision => ({ decision: 'noOpinion', reason: '', error: errorMessage(error) });

export class PolicyAuthorizer implements CelAuthorizer {
  readonly #authorizer: Authorizer;
  readonly #decisions = new Map<string, AuthorizerDecision>();
  readonly #pending = new Map<string, Promise<void>>();

  constructor(authorizer: Authorizer) {
    this.#authorizer = authorizer;
  }

  authorize(attributes: AuthorizerAttributes): AuthorizerDecision {
    const key = JSON.stringify(attributes);
    const known = this.#decisions.get(key);
    if (known !== undefined) return known;
    if (this.#pending.has(key)) return placeholder;
    let answer: ReturnType<Authorizer['authorize']>;
    try {
      answer = this.#authorizer.authorize(attributesOf(attributes));
    } catch (error) {
      return this.#keep(key, failed(error));
    }
    if (!(answer instanceof Promise)) return this.#keep(key, answer);
    this.#pending.set(
      key,
      answer.then(
        (decision) => void this.#keep(key, decision),
        (error: unknown) => void this.#keep(key, failed(error)),
      ),
    );
    return placeholder;
  }

  #keep(key: string, decision: AuthorizerDecision): AuthorizerDecision {
    this.#decisions.set(key, { decision: decision.decision, reason: decision.reason, ...(decision.error === undefined ? {} : { error: decision.error }) });
    this.#pending.delete(key);
    return decision;
  }

  /** Whether an evaluation since the last settle() asked for a decision not known yet (its result is then to be thrown away). */
  get unsettled(): boolean {
    return this.#pending.size > 0;
  }

  /** Waits for the decisions asked for. */
  async settle(): Promise<void> {
    await Promise.all(this.#pending.values());
  }
}

/** Evaluates `evaluate` until it asked the authorizer nothing it did not already know. */
export async function withSettledAuthorizer<T>(authorizer: PolicyAuthorizer | undefined, evaluate: () => T): Promise<T> {
  for (;;) {
    const result = evaluate();
    if (authorizer === undefined || !authorizer.unsettled) return result;
    await authorizer.settle();
  }
}

// The variables of one evaluation of an admission policy's expressions, as kube's admission CEL
// activation binds them: object, oldObject, request, params, namespaceObject, authorizer (with
// authorizer.requestResource) and the policy's variables, each composed lazily on first use and
// charged to the expression that used it.

import {
  admissionRequestType,
  authorizerValue,
  CelError,
  costLimitExceededMessage,
  namespaceObjectType,
  perCallLimit,
  requestResourceAuthorizerValue,
  schemaValue,
  type CelValue,
} from '@capstan/common/cel';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { operationOptionsOf } from '../operation-options.ts';
import type { MatchedRequest } from '../matching/match-request.ts';
import type { VersionedObjects } from '../matching/versioned-objects.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { CompiledExpression } from './compile-policy.ts';
import type { PolicyAuthorizer } from './policy-authorizer.ts';

/** What one binding's evaluation of a policy is given. */
export interface PolicyInput {
  readonly attributes: AdmissionAttributes;
  /** The CEL values of the request, made once for every policy that matched it by the same resource (requestBindings). */
  readonly request: RequestBindings;
  /** The binding's parameter object; null when the binding has none. */
  readonly params: JsonObject | null;
  readonly authorizer: PolicyAuthorizer;
}

/** The variables of a request that do not depend on the policy: object, oldObject, request, namespaceObject. */
export interface RequestBindings {
  readonly object: unknown;
  readonly oldObject: unknown;
  readonly request: CelValue;
  readonly namespaceObject: CelValue;
}

/**
 * The request's variables for the policies that matched it by `matched`, its objects converted to
 * that version; `namespace` is undefined for cluster-scoped objects and namespaces.
 */
export function requestBindings(attributes: AdmissionAttributes, matched: MatchedRequest, objects: VersionedObjects, namespace: JsonObject | undefined): RequestBindings {
  return {
    object: objects.object ?? null,
    oldObject: objects.oldObject ?? null,
    request: admissionRequest(attributes, matched),
    namespaceObject: namespaceObject(namespace),
  };
}

/** kube's CreateAdmissionRequest: the matched kind and resource, and the ones the request named. */
function admissionRequest(attributes: AdmissionAttributes, matched: MatchedRequest): CelValue {
  const user = attributes.userInfo;
  return schemaValue(
    {
      kind: matched.kind,
      resource: matched.resource,
      subResource: attributes.subresource,
      requestKind: attributes.kind,
      requestResource: attributes.resource,
      requestSubResource: attributes.subresource,
      name: attributes.name,
      namespace: attributes.namespace,
      operation: attributes.operation,
      userInfo: { username: user.username, uid: user.uid, groups: user.groups, extra: user.extra },
      dryRun: attributes.dryRun,
      options: operationOptionsOf(attributes),
    },
    admissionRequestType,
  );
}

/** kube's CreateNamespaceObject: the namespace's spec, status and the metadata policies may read. */
function namespaceObject(namespace: JsonObject | undefined): CelValue {
  if (namespace === undefined) return null;
  const metadata = (namespace.metadata ?? {}) as JsonObject;
  const kept = [
    'name',
    'generateName',
    'namespace',
    'uid',
    'resourceVersion',
    'generation',
    'creationTimestamp',
    'deletionTimestamp',
    'deletionGracePeriodSeconds',
    'labels',
    'annotations',
    'finalizers',
  ];
  return schemaValue(
    {
      metadata: Object.fromEntries(kept.filter((key) => metadata[key] !== undefined).map((key) => [key, metadata[key]])),
      spec: namespace.spec ?? {},
      status: namespace.status ?? {},
    },
    namespaceObjectType,
  );
}

/** The outcome of one expression: its value, or kube's error for it. */
export type ExpressionResult = { readonly value: CelValue; readonly cost: number } | { readonly error: string; readonly cost: number };

/** Runs one compiled expression with kube's per-call limit; its errors worded as kube's activation words them. */
export function runExpression(compiled: CompiledExpression, variables: Readonly<Record<string, unknown>>): ExpressionResult {
  if ('error' in compiled) return { error: `compilation error: ${compiled.error}`, cost: 0 };
  const { value, cost, costLimitExceeded } = compiled.program.evaluateWithCost(variables, { costLimit: perCallLimit });
  if (costLimitExceeded) return { error: `expression '${compiled.expression}' resulted in error: ${costLimitExceededMessage}`, cost };
  if (value instanceof CelError) return { error: `expression '${compiled.expression}' resulted in error: ${value.message}`, cost };
  return { value, cost };
}

/**
 * The bindings of one pass over a set of expressions (kube makes a new composition context for each
 * filter): the policy's variables are evaluated once each, on first use, their cost added to
 * `compositionCost` for the caller to charge.
 */
export class PolicyActivation {
  readonly variables: Readonly<Record<string, unknown>>;
  compositionCost = 0;

  constructor(input: PolicyInput, options: { readonly authorizer: boolean; readonly variables: readonly (CompiledExpression & { readonly name: string })[] }) {
    const { attributes } = input;
    const bindings: Record<string, unknown> = { ...input.request, params: input.params };
    if (options.authorizer) {
      const user = { name: attributes.userInfo.username, uid: attributes.userInfo.uid, groups: attributes.userInfo.groups, extra: attributes.userInfo.extra };
      bindings.authorizer = authorizerValue(input.authorizer, user);
      bindings['authorizer.requestResource'] = requestResourceAuthorizerValue(input.authorizer, user, {
        group: attributes.resource.group,
        resource: attributes.resource.resource,
        subresource: attributes.subresource,
        namespace: attributes.namespace,
        name: attributes.name,
      });
    }
    const composed: Record<string, unknown> = {};
    for (const variable of options.variables) {
      let value: CelValue | undefined;
      let composedYet = false;
      Object.defineProperty(composed, variable.name, {
        enumerable: true,
        get: () => {
          if (!composedYet) value = this.#compose(variable, bindings);
          composedYet = true;
          return value;
        },
      });
    }
    bindings.variables = composed;
    this.variables = bindings;
  }

  /** kube's variableAccessor: a variable that fails is an error value for the expressions that use it. */
  #compose(variable: CompiledExpression & { readonly name: string }, bindings: Readonly<Record<string, unknown>>): CelValue {
    if ('error' in variable) return new CelError(`composited variable "${variable.name}" fails to compile: ${variable.error}`);
    const { value, cost, costLimitExceeded } = variable.program.evaluateWithCost(bindings, { costLimit: perCallLimit });
    this.compositionCost += cost;
    if (costLimitExceeded) return new CelError(`composited variable "${variable.name}" fails to evaluate: ${costLimitExceededMessage}`);
    if (value instanceof CelError) return new CelError(`composited variable "${variable.name}" fails to evaluate: ${value.message}`);
    return value;
  }
}

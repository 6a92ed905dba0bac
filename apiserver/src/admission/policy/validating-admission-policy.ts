// kube-apiserver's ValidatingAdmissionPolicy admission plugin (kube's validating policy
// dispatcher): every policy with bindings whose matchConstraints select the request, for every
// binding whose matchResources select it too, evaluated once per parameter object. A failed
// validation acts as the binding's validationActions say: Deny refuses the request (the first such
// decision's message, with its reason and code), Warn adds a Warning header, Audit an audit
// annotation. A policy that cannot be evaluated follows its failurePolicy. What acted is counted in
// apiserver_validating_admission_policy_check_total (policy-check-metrics.ts).

import { StatusError, type Logger } from '@capstan/common';
import type { ValidatingAdmissionPolicy, ValidatingAdmissionPolicyBinding } from '@capstan/common/api-types/admissionregistration-v1';
import type { Authorizer } from '../../authorization/authorizer.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { Registry } from '../../registry/registry.ts';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { admissionForbidden } from '../admission-forbidden.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { matchRequest, type MatchedRequest } from '../matching/match-request.ts';
import { versionedObjects } from '../matching/versioned-objects.ts';
import { compilePolicy, type CompiledPolicy } from './compile-policy.ts';
import { requestBindings, type RequestBindings } from './policy-activation.ts';
import { PolicyAuthorizer } from './policy-authorizer.ts';
import { observePolicyCheck, policyCheckErrorType } from './policy-check-metrics.ts';
import { evaluatePolicy, type PolicyDecision } from './policy-evaluation.ts';
import { collectParams, PolicyConfigurationError, paramSourceOf, type ParamSource } from './policy-params.ts';
import { isPolicyResource, policyMatching } from './policy-matching.ts';
import { PolicySource, type PolicyHook } from './policy-source.ts';

/** What the plugin reads. */
export interface ValidatingAdmissionPolicyDependencies {
  readonly registry: Registry;
  readonly policies: GenericStore;
  readonly bindings: GenericStore;
  /** The API server's authorizer, for the `authorizer` of CEL expressions (asked for at request time). */
  readonly authorizer: () => Authorizer;
  readonly logger: Logger;
  readonly stopping: AbortSignal;
}

const validationFailureAnnotation = 'validation.policy.admission.k8s.io/validation_failure';
const maxAuditAnnotationValueLength = 10 * 1024;

const codeOfReason: Readonly<Record<string, number>> = { Forbidden: 403, Unauthorized: 401, RequestEntityTooLarge: 413, Invalid: 422 };

interface Denial {
  readonly policy: string;
  readonly binding: string | undefined;
  readonly message: string;
  readonly reason: string | undefined;
}

/** The refusal of the first denial, as kube's dispatcher words it. */
function refusal(attributes: AdmissionAttributes, denial: Denial): StatusError {
  const message =
    denial.binding === undefined
      ? `ValidatingAdmissionPolicy '${denial.policy}' denied request: ${denial.message}`
      : `ValidatingAdmissionPolicy '${denial.policy}' with binding '${denial.binding}' denied request: ${denial.message}`;
  const forbidden = admissionForbidden(attributes, message).status;
  const reason = denial.reason ?? 'Invalid';
  return new StatusError({ ...forbidden, reason, code: codeOfReason[reason] ?? 422, details: { ...forbidden.details, causes: [{ message }] } });
}

/** Collects one policy's audit annotations, each value once (kube's auditAnnotationCollector). */
class AuditAnnotations {
  readonly #values = new Map<string, string[]>();

  add(key: string, value: string): void {
    const values = this.#values.get(key) ?? [];
    const kept = value.slice(0, maxAuditAnnotationValueLength);
    if (!values.includes(kept)) values.push(kept);
    this.#values.set(key, values);
  }

  publish(policy: string, attributes: AdmissionAttributes): void {
    for (const [key, values] of this.#values) attributes.addAnnotation?.(`${policy}/${key}`, values.join(', '));
  }
}

export function validatingAdmissionPolicy(dependencies: ValidatingAdmissionPolicyDependencies): AdmissionPlugin {
  const source = new PolicySource(
    { policies: dependencies.policies, bindings: dependencies.bindings },
    (object) => compilePolicy(object as ValidatingAdmissionPolicy),
    dependencies.logger,
    dependencies.stopping,
  );
  const { matching, namespaceOf } = policyMatching(dependencies.registry, dependencies.logger, dependencies.stopping);

  async function dispatch(attributes: AdmissionAttributes): Promise<void> {
    if (isPolicyResource(attributes.resource.group, attributes.resource.resource)) return;
    let hooks: readonly PolicyHook<CompiledPolicy>[];
    try {
      hooks = await source.hooks();
    } catch (error) {
      // kube's plugin refuses while its policies cannot be listed.
      dependencies.logger.warn({ err: error }, 'listing ValidatingAdmissionPolicies and their bindings failed');
      throw admissionForbidden(attributes, 'not yet ready to handle request');
    }
    if (hooks.length === 0) return;
    const denials: Denial[] = [];
    const configurationError = (policy: CompiledPolicy, binding: ValidatingAdmissionPolicyBinding | undefined, error: unknown): void => {
      if (policy.failurePolicy === 'Ignore') return;
      const of = binding === undefined ? 'policy' : 'binding';
      const detail = error instanceof Error ? error.message : String(error);
      denials.push({ policy: policy.name, binding: binding?.metadata?.name, message: `failed to configure ${of}: ${detail}`, reason: undefined });
    };
    // kube's caching authorizer: decisions are kept for the whole admission of the request.
    const authorizer = new PolicyAuthorizer(dependencies.authorizer());
    let namespace: Promise<JsonObject | undefined> | undefined;
    // The request's variables in each version policies matched it by, made once.
    const requests = new Map<string, Promise<RequestBindings>>();
    const requestIn = (matched: MatchedRequest): Promise<RequestBindings> => {
      const key = `${matched.resource.group}/${matched.resource.version}/${matched.resource.resource}`;
      let request = requests.get(key);
      if (request === undefined) {
        namespace ??= namespaceOf(attributes);
        const definitionOf = (group: string, version: string, resource: string) => dependencies.registry.definition(group, version, resource);
        request = Promise.all([
          versionedObjects(definitionOf, attributes, matched).catch((error: unknown) => {
            throw new PolicyConfigurationError(`failed to convert object version: ${error instanceof Error ? error.message : String(error)}`);
          }),
          namespace,
        ]).then(([objects, namespaceObject]) => requestBindings(attributes, matched, objects, namespaceObject));
        requests.set(key, request);
      }
      return request;
    };
    for (const { policy, bindings } of hooks) {
      let matched: MatchedRequest | undefined;
      try {
        if (policy.matchConstraints === undefined) throw new Error('policy contained no match constraints, a required field');
        matched = await matchRequest(policy.matchConstraints, attributes, matching);
      } catch (error) {
        configurationError(policy, undefined, error);
        continue;
      }
      if (matched === undefined) continue;
      let paramSource: ParamSource | undefined;
      try {
        paramSource = paramSourceOf(dependencies.registry, policy.paramKind);
      } catch (error) {
        configurationError(policy, undefined, error);
        continue;
      }
      const annotations = new AuditAnnotations();
      for (const { binding, name: bindingName, matchResources } of bindings) {
        let params: (JsonObject | null)[];
        try {
          if (matchResources !== undefined && (await matchRequest(matchResources, attributes, matching)) === undefined) continue;
          params = await collectParams(paramSource, binding.spec?.paramRef, attributes.namespace);
        } catch (error) {
          configurationError(policy, binding, error);
          continue;
        }
        if (params.length === 0) continue;
        let request: RequestBindings;
        try {
          request = await requestIn(matched);
        } catch (error) {
          // A namespace that cannot be read fails the request, as kube's does.
          if (!(error instanceof PolicyConfigurationError)) throw error;
          configurationError(policy, binding, error);
          continue;
        }
        const actions = binding.spec?.validationActions ?? [];
        for (const param of params) {
          const evaluation = await evaluatePolicy(policy, { attributes, request, params: param, authorizer });
          for (const decision of evaluation.decisions) act(attributes, policy, binding, bindingName, actions, decision, denials);
          for (const annotation of evaluation.auditAnnotations) {
            if ('value' in annotation) annotations.add(annotation.key, annotation.value);
            else {
              denials.push({ policy: policy.name, binding: bindingName, message: annotation.error, reason: undefined });
              observePolicyCheck(policy.name, bindingName, policyCheckErrorType(annotation.error), 'deny', annotation.elapsed);
            }
          }
        }
      }
      annotations.publish(policy.name, attributes);
    }
    const first = denials[0];
    if (first !== undefined) throw refusal(attributes, first);
  }

  return {
    name: 'ValidatingAdmissionPolicy',
    operations: ['CREATE', 'UPDATE', 'DELETE', 'CONNECT'],
    validates: (group, resource) => !isPolicyResource(group, resource) && source.mayApply,
    validate: dispatch,
  };
}

/** What one denied decision does, by the binding's validationActions. */
function act(
  attributes: AdmissionAttributes,
  policy: CompiledPolicy,
  binding: ValidatingAdmissionPolicyBinding,
  bindingName: string,
  actions: readonly string[],
  decision: PolicyDecision,
  denials: Denial[],
): void {
  if (decision.action !== 'deny') {
    // An error failurePolicy Ignore let pass.
    if (decision.error !== undefined) observePolicyCheck(policy.name, bindingName, policyCheckErrorType(decision.error), 'allow', decision.elapsed);
    return;
  }
  const errorType = policyCheckErrorType(decision.message);
  for (const action of actions) {
    switch (action) {
      case 'Deny':
        denials.push({ policy: policy.name, binding: bindingName, message: decision.message, reason: decision.reason });
        observePolicyCheck(policy.name, bindingName, errorType, 'deny', decision.elapsed);
        break;
      case 'Warn':
        attributes.addWarning?.(`Validation failed for ValidatingAdmissionPolicy '${policy.name}' with binding '${bindingName}': ${decision.message}`);
        observePolicyCheck(policy.name, bindingName, errorType, 'warn', decision.elapsed);
        break;
      case 'Audit':
        observePolicyCheck(policy.name, bindingName, errorType, 'audit', decision.elapsed);
        attributes.addAnnotation?.(
          validationFailureAnnotation,
          JSON.stringify([
            { message: decision.message, policy: binding.spec?.policyName ?? '', binding: bindingName, expressionIndex: decision.index ?? 0, validationActions: actions },
          ]),
        );
        break;
    }
  }
}

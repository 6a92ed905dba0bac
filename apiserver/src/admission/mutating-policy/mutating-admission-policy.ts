// kube-apiserver's MutatingAdmissionPolicy admission plugin (admissionregistration.k8s.io/v1beta1,
// behind the MutatingAdmissionPolicy gate): every policy with bindings whose matchConstraints
// select the request, for every binding whose matchResources select it too, once per parameter
// object, has its match conditions checked and then its mutations applied in order to the object
// as the policy's matched version sees it, each mutation seeing the result of the one before.
// A mutation that fails follows the policy's failurePolicy: Fail refuses the request (403, reason
// Invalid, kube's "policy '<p>' with binding '<b>' denied request: ..."), Ignore skips it.
// Reinvocation: when a policy changed the object, the chain runs its mutating phase again, and
// the policies with reinvocationPolicy IfNeeded that ran before the change run once more.

import { isDeepStrictEqual } from 'node:util';
import { goQuote, StatusError } from '@capstan/common';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import { admissionForbidden } from '../admission-forbidden.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { matchRequest, type MatchedRequest } from '../matching/match-request.ts';
import { replaceRequestObject, versionedObjects } from '../matching/versioned-objects.ts';
import { PolicyActivation, requestBindings, type PolicyInput } from '../policy/policy-activation.ts';
import { PolicyAuthorizer, withSettledAuthorizer } from '../policy/policy-authorizer.ts';
import { matchConditions } from '../policy/policy-evaluation.ts';
import { collectParams, paramSourceOf, type ParamSource } from '../policy/policy-params.ts';
import { isPolicyResource, policyMatching } from '../policy/policy-matching.ts';
import type { ValidatingAdmissionPolicyDependencies } from '../policy/validating-admission-policy.ts';
import { PolicySource, type PolicyHook } from '../policy/policy-source.ts';
import { PluginReinvocation } from '../reinvocation-context.ts';
import { compileMutatingPolicy, type CompiledMutatingPolicy, type MutatingAdmissionPolicyObject } from './compile-mutating-policy.ts';
import { evaluateMutation, MutationError, patchObject } from './mutation-patches.ts';

/** What the plugin reads: the same as the validating plugin, with the mutating policies' stores. */
export type MutatingAdmissionPolicyDependencies = ValidatingAdmissionPolicyDependencies;

const pluginName = 'MutatingAdmissionPolicy';

/** One failure the policy's failurePolicy Fail turns into a refusal. */
interface PolicyFailure {
  readonly message: string;
  /** kube's reason for mutation and match errors; configuration errors keep Forbidden. */
  readonly reason: 'Invalid' | undefined;
}

/** kube's generic dispatcher's refusal: 403 with the first failure's message (and reason), every failure a cause. */
function refusal(attributes: AdmissionAttributes, failures: readonly PolicyFailure[]): StatusError {
  const forbidden = admissionForbidden(attributes, 'admission request denied by policy').status;
  const first = failures[0] as PolicyFailure;
  return new StatusError({
    ...forbidden,
    message: first.message,
    reason: first.reason ?? forbidden.reason,
    details: { ...forbidden.details, causes: failures.map((failure) => ({ message: failure.message })) },
  });
}

const invocationKey = (policy: string, binding: string, param: JsonObject | null): string => {
  const metadata = (param?.metadata ?? {}) as { namespace?: string; name?: string };
  return JSON.stringify([policy, binding, metadata.namespace ?? '', metadata.name ?? '']);
};

export function mutatingAdmissionPolicy(dependencies: MutatingAdmissionPolicyDependencies): AdmissionPlugin {
  const source = new PolicySource(
    { policies: dependencies.policies, bindings: dependencies.bindings },
    (object) => compileMutatingPolicy(object as MutatingAdmissionPolicyObject),
    dependencies.logger,
    dependencies.stopping,
  );
  const { matching, namespaceOf } = policyMatching(dependencies.registry, dependencies.logger, dependencies.stopping);
  const definitionOf = (group: string, version: string, resource: string) => dependencies.registry.definition(group, version, resource);

  async function admit(attributes: AdmissionAttributes): Promise<void> {
    if (isPolicyResource(attributes.resource.group, attributes.resource.resource) || attributes.object === undefined) return;
    let hooks: readonly PolicyHook<CompiledMutatingPolicy>[];
    try {
      hooks = await source.hooks();
    } catch (error) {
      dependencies.logger.warn({ err: error }, 'listing MutatingAdmissionPolicies and their bindings failed');
      throw admissionForbidden(attributes, 'not yet ready to handle request');
    }
    if (hooks.length === 0) return;
    const reinvocation = PluginReinvocation.of(attributes, pluginName);
    reinvocation.begin(attributes.object);
    try {
      const failures = await dispatch(attributes, hooks, reinvocation);
      if (failures.length > 0) throw refusal(attributes, failures);
    } finally {
      reinvocation.end(attributes.object);
    }
  }

  async function dispatch(attributes: AdmissionAttributes, hooks: readonly PolicyHook<CompiledMutatingPolicy>[], reinvocation: PluginReinvocation): Promise<PolicyFailure[]> {
    const failures: PolicyFailure[] = [];
    const fail = (policy: CompiledMutatingPolicy, binding: string | undefined, message: string, reason: PolicyFailure['reason']): void => {
      if (policy.failurePolicy === 'Ignore') return;
      const text =
        binding === undefined ? `policy ${goQuote(policy.name)} denied request: ${message}` : `policy '${policy.name}' with binding '${binding}' denied request: ${message}`;
      failures.push({ message: text, reason });
    };
    const configurationError = (policy: CompiledMutatingPolicy, binding: string | undefined, error: unknown): void => {
      const of = binding === undefined ? 'policy' : 'binding';
      fail(policy, binding, `failed to configure ${of}: ${error instanceof Error ? error.message : String(error)}`, undefined);
    };
    const authorizer = new PolicyAuthorizer(dependencies.authorizer());
    const namespace = await namespaceOf(attributes);
    for (const { policy, bindings } of hooks) {
      let matched: MatchedRequest | undefined;
      let paramSource: ParamSource | undefined;
      try {
        if (policy.matchConstraints === undefined) throw new Error('policy contained no match constraints, a required field');
        matched = await matchRequest(policy.matchConstraints, attributes, matching);
        if (matched === undefined) continue;
        paramSource = paramSourceOf(dependencies.registry, policy.paramKind);
      } catch (error) {
        configurationError(policy, undefined, error);
        continue;
      }
      for (const { name: bindingName, binding, matchResources } of bindings) {
        let params: (JsonObject | null)[];
        try {
          if (matchResources !== undefined && (await matchRequest(matchResources, attributes, matching)) === undefined) continue;
          params = await collectParams(paramSource, binding.spec?.paramRef, attributes.namespace);
        } catch (error) {
          configurationError(policy, bindingName, error);
          continue;
        }
        for (const param of params) {
          const key = invocationKey(policy.name, bindingName, param);
          if (reinvocation.skips(key)) continue;
          const objects = await versionedObjects(definitionOf, attributes, matched);
          const before = objects.object;
          if (before === undefined) continue;
          const input: PolicyInput = { attributes, request: requestBindings(attributes, matched, objects, namespace), params: param, authorizer };
          const after = await invoke(policy, bindingName, matched, input, before, fail);
          // One its match conditions skipped did not run: it is not run again either.
          if (after === undefined) continue;
          const changed = after !== before && !isDeepStrictEqual(before, after);
          if (changed) await replaceRequestObject(definitionOf, attributes, matched, after);
          reinvocation.invoked(key, changed, policy.reinvocationPolicy === 'IfNeeded');
        }
      }
    }
    return failures;
  }

  /** One invocation: the match conditions, then every mutation in order; the object it leaves (undefined when its match conditions skipped it). */
  async function invoke(
    policy: CompiledMutatingPolicy,
    bindingName: string,
    matched: MatchedRequest,
    input: PolicyInput,
    object: JsonObject,
    fail: (policy: CompiledMutatingPolicy, binding: string | undefined, message: string, reason: PolicyFailure['reason']) => void,
  ): Promise<JsonObject | undefined> {
    const conditions = await withSettledAuthorizer(input.authorizer, () => matchConditions(policy.matchConditions, input));
    if (conditions === 'skip') return undefined;
    if (conditions !== 'match') {
      fail(policy, bindingName, conditions.error, 'Invalid');
      return object;
    }
    const resource = definitionOf(matched.resource.group, matched.resource.version, matched.resource.resource);
    if (resource === undefined) return object;
    let current = object;
    for (const mutation of policy.mutations) {
      // Each mutation sees the object as the ones before it left it.
      const seen = current;
      const result = await withSettledAuthorizer(input.authorizer, () =>
        evaluateMutation(mutation, new PolicyActivation({ ...input, request: { ...input.request, object: seen } }, { authorizer: true, variables: policy.variables })),
      );
      try {
        if ('error' in result) throw new MutationError(result.error);
        const next = await patchObject(mutation, result.value, current, resource);
        if (next !== current) {
          resource.behaviour.defaults?.(next);
          current = next;
        }
      } catch (error) {
        if (!(error instanceof MutationError)) throw error;
        fail(policy, bindingName, error.message, 'Invalid');
      }
    }
    return current;
  }

  return {
    name: pluginName,
    operations: ['CREATE', 'UPDATE', 'CONNECT'],
    mutates: (group, resource) => !isPolicyResource(group, resource) && source.mayApply,
    admit,
  };
}

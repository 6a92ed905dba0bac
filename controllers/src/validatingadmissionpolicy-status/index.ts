// kube-controller-manager's validatingadmissionpolicy-status controller: a policy whose generation
// it has not observed yet is type checked against the schemas of the kinds it matches (read from
// the API server's discovery and OpenAPI v3 documents, as kube's ClientDiscoveryResolver reads
// them), and its status gets the warnings and the generation observed, by server-side apply as
// the field manager "validatingadmissionpolicy-status". It runs here, not in the API server,
// because kube runs it in kube-controller-manager: the warnings appear once a controller manager runs.

import type { ValidatingAdmissionPolicy } from '@capstan/common/api-types/admissionregistration-v1';
import type { KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { discoverServedGroups } from '../discovery/served-groups.ts';
import { WorkQueue } from '../work-queue.ts';
import { SchemaResolver, type GroupVersionKind } from './schema-resolver.ts';
import { typeCheckPolicy } from './type-check.ts';

const policies = { group: 'admissionregistration.k8s.io', version: 'v1', resource: 'validatingadmissionpolicies' };
const fieldManager = 'validatingadmissionpolicy-status';
/** kube's ConcurrentPolicySyncs default. */
const workers = 5;
const maxRetryDelayMs = 60_000;

type Policy = KubeObject & ValidatingAdmissionPolicy;

export const validatingAdmissionPolicyStatusController: ControllerDefinition = {
  name: 'validatingadmissionpolicy-status-controller',
  clientName: 'validatingadmissionpolicy-status-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const informer = context.informers.informer<Policy>(policies);
    const queue = new WorkQueue({ name: 'admissionpolicy_status', maxDelayMs: maxRetryDelayMs });
    const enqueue = (policy: Policy): void => {
      if (policy.metadata?.name !== undefined) queue.add(policy.metadata.name);
    };
    informer.addEventHandler({ onAdd: enqueue, onUpdate: (_old, policy) => enqueue(policy), onDelete: () => {} });
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;

    const sync = async (name: string): Promise<void> => {
      const policy = informer.store.get(undefined, name);
      const generation = policy?.metadata?.generation ?? 0;
      if (policy === undefined || generation <= (policy.status?.observedGeneration ?? 0)) return;
      // What is served now: a CustomResourceDefinition may have come since the last policy.
      const groups = await discoverServedGroups(client, { signal });
      const kindOf = (group: string, version: string, resource: string): GroupVersionKind | undefined => {
        const kind = groups
          .find((served) => served.name === group)
          ?.versions.find((served) => served.version === version)
          ?.resources?.find((served) => served.name === resource)?.kind;
        return kind === undefined || kind === '' ? undefined : { group, version, kind };
      };
      const resolver = new SchemaResolver(client);
      const warnings = await typeCheckPolicy(policy, { kindOf, schemaOf: (gvk) => resolver.schemaOf(gvk) });
      await client.patch(
        { ...policies, name, subresource: 'status' },
        {
          apiVersion: 'admissionregistration.k8s.io/v1',
          kind: 'ValidatingAdmissionPolicy',
          metadata: { name },
          status: { observedGeneration: generation, typeChecking: warnings.length === 0 ? {} : { expressionWarnings: warnings } },
        },
        { type: 'apply', fieldManager, force: true },
      );
    };
    try {
      await queue.run(workers, sync, (name, error) => {
        if (!signal.aborted) logger.warn({ err: error, validatingAdmissionPolicy: name }, 'type checking a ValidatingAdmissionPolicy failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};

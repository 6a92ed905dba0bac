// kube-apiserver's ResourceQuota admission (k8s.io/apiserver/pkg/admission/plugin/resourcequota):
// a validating plugin that charges each create (and the updates that change usage) to the
// namespace's quotas and records the new usage in their status.used before the write is stored,
// so that concurrent writes cannot overrun a quota. Writes in one namespace are checked one at a
// time (kube's per-namespace work queue); a status write that loses a race with another writer is
// checked again on the quotas read afresh, three times at most, as kube's does. The resource quota
// controller recomputes status.used from what exists, which gives back what deletions free.

import { KeyedSerial, newInternalError } from '@capstan/common';
import { QuotaEvaluators, resourceListJson, resourceListsEqual, type ResourceList } from '@capstan/common/quota';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import { wholeList } from '../../registry/store-list.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { checkRequest, quotaStateOf, type QuotaState } from './check-request.ts';
import type { QuotaPresence } from './quota-presence.ts';

/** kube retries the quota status writes that conflicted this many times. */
const statusWriteRetries = 3;
/** kube's wait for a quota check. */
const evaluationTimeoutMs = 10_000;

export function resourceQuotaAdmission(resourceQuotas: GenericStore, presence?: QuotaPresence, now: () => Date = () => new Date()): AdmissionPlugin {
  const evaluators = new QuotaEvaluators();
  /** One check at a time in each namespace: the next one reads the quotas the last one wrote. */
  const namespaces = new KeyedSerial();

  const quotasOf = async (namespace: string): Promise<QuotaState[]> => (await resourceQuotas.readAll((await resourceQuotas.list(wholeList(namespace))).items)).map(quotaStateOf);

  /** Writes the quotas' new usage; answers the quotas whose write lost to another writer. */
  const writeUsage = async (namespace: string, quotas: readonly QuotaState[], used: ReadonlyMap<number, ResourceList>): Promise<{ conflicted: QuotaState[]; error: unknown }> => {
    const conflicted: QuotaState[] = [];
    let error: unknown;
    for (const [index, usage] of used) {
      const quota = quotas[index] as QuotaState;
      const status = { ...(quota.object.status as JsonObject | undefined), used: resourceListJson(usage) };
      try {
        await resourceQuotas.updateStatus(namespace, quota.name, { ...quota.object, status });
      } catch (failure) {
        conflicted.push(quota);
        error = failure;
      }
    }
    return { conflicted, error };
  };

  const charge = async (attributes: AdmissionAttributes, evaluatorOf: (quotas: readonly QuotaState[]) => Map<number, ResourceList>): Promise<void> => {
    let quotas = await quotasOf(attributes.namespace);
    for (let retries = statusWriteRetries; ; retries--) {
      if (quotas.length === 0) return;
      const used = evaluatorOf(quotas);
      for (const [index, usage] of used) if (resourceListsEqual(usage, (quotas[index] as QuotaState).used)) used.delete(index);
      if (attributes.dryRun || used.size === 0) return;
      const { conflicted, error } = await writeUsage(attributes.namespace, quotas, used);
      if (conflicted.length === 0) return;
      if (retries <= 0) throw error;
      const names = new Set(conflicted.map((quota) => quota.name));
      quotas = (await quotasOf(attributes.namespace)).filter((quota) => names.has(quota.name));
    }
  };

  return {
    name: 'ResourceQuota',
    operations: ['CREATE', 'UPDATE'],
    // Without a presence, every write may be quota'd.
    validates: () => presence?.possible() ?? true,
    validate: async (attributes) => {
      if (attributes.namespace === '' || attributes.object === undefined) return;
      if (attributes.operation === 'CREATE' && attributes.kind.group === '' && attributes.kind.kind === 'Namespace') return;
      const evaluator = evaluators.of(attributes.resource.group, attributes.resource.resource);
      if (evaluator === undefined || !evaluator.handles(attributes.operation, attributes.subresource, attributes.object, attributes.oldObject)) return;
      const checked = namespaces.run(attributes.namespace, () => charge(attributes, (quotas) => checkRequest(quotas, attributes, evaluator, now())));
      // kube gives up on a check that waited or ran this long (its queue's writes keep going).
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(newInternalError('resource quota evaluation timed out')), evaluationTimeoutMs);
      });
      try {
        await Promise.race([checked, timedOut]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

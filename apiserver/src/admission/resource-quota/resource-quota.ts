// kube-apiserver's ResourceQuota admission (k8s.io/apiserver/pkg/admission/plugin/resourcequota):
// a validating plugin that charges each create (and the updates that change usage) to the
// namespace's quotas and records the new usage in their status.used before the write is stored,
// so that concurrent writes cannot overrun a quota. Quotas are read from an informer (see
// quota-lister.ts). Writes in one namespace are checked one at a time (kube's per-namespace work
// queue); a status write that loses a race with another writer is checked again on the quotas read
// afresh from the store, three times at most, as kube's does. The resource quota controller
// recomputes status.used from what exists, which gives back what deletions free.

import { KeyedSerial, newInternalError, isNotFound } from '@capstan/common';
import { QuotaEvaluators, resourceListJson, resourceListsEqual, type ResourceList } from '@capstan/common/quota';
import type { GenericStore } from '../../registry/generic-store.ts';
import type { JsonObject } from '../../registry/object-meta.ts';
import type { AdmissionAttributes } from '../admission-attributes.ts';
import type { AdmissionPlugin } from '../admission-plugin.ts';
import { checkRequest, quotaStateOf, type QuotaState } from './check-request.ts';
import type { QuotaLister } from './quota-lister.ts';

/** kube retries the quota status writes that conflicted this many times. */
const statusWriteRetries = 3;
/** kube's wait for a quota check. */
const evaluationTimeoutMs = 10_000;

export function resourceQuotaAdmission(resourceQuotas: GenericStore, lister: QuotaLister, now: () => Date = () => new Date()): AdmissionPlugin {
  const evaluators = new QuotaEvaluators();
  /** One check at a time in each namespace: the next one reads the quotas the last one wrote. */
  const namespaces = new KeyedSerial();

  /** Writes the quotas' new usage; answers the quotas whose write lost to another writer. */
  const writeUsage = async (namespace: string, quotas: readonly QuotaState[], used: ReadonlyMap<number, ResourceList>): Promise<{ conflicted: QuotaState[]; error: unknown }> => {
    const conflicted: QuotaState[] = [];
    let error: unknown;
    for (const [index, usage] of used) {
      const quota = quotas[index] as QuotaState;
      const status = { ...(quota.object.status as JsonObject | undefined), used: resourceListJson(usage) };
      try {
        lister.wrote(await resourceQuotas.updateStatus(namespace, quota.name, { ...quota.object, status }));
      } catch (failure) {
        conflicted.push(quota);
        error = failure;
      }
    }
    return { conflicted, error };
  };

  const charge = async (attributes: AdmissionAttributes, evaluatorOf: (quotas: readonly QuotaState[]) => Map<number, ResourceList>): Promise<void> => {
    let quotas = (await lister.quotas(attributes.namespace)).map(quotaStateOf);
    for (let retries = statusWriteRetries; ; retries--) {
      if (quotas.length === 0) return;
      const used = evaluatorOf(quotas);
      for (const [index, usage] of used) if (resourceListsEqual(usage, (quotas[index] as QuotaState).used)) used.delete(index);
      if (attributes.dryRun || used.size === 0) return;
      const { conflicted, error } = await writeUsage(attributes.namespace, quotas, used);
      if (conflicted.length === 0) return;
      if (retries <= 0) throw error;
      // Those that are gone are not charged again: after all, they were removed.
      const fresh = await Promise.all(
        conflicted.map((quota) =>
          lister.live(attributes.namespace, quota.name).catch((error: unknown) => {
            if (isNotFound(error)) return undefined;
            throw error;
          }),
        ),
      );
      quotas = fresh.filter((object) => object !== undefined).map(quotaStateOf);
    }
  };

  return {
    name: 'ResourceQuota',
    operations: ['CREATE', 'UPDATE'],
    validates: () => lister.possible(),
    validate: async (attributes) => {
      if (attributes.namespace === '' || attributes.object === undefined || !lister.possible()) return;
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

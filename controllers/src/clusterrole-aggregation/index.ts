// kube-controller-manager's clusterrole-aggregation controller: a ClusterRole with an
// aggregationRule gets as its rules those of every other ClusterRole its selectors match (by name
// order, each rule once), written by server-side apply as the field manager
// "clusterrole-aggregation-controller". Any ClusterRole changing looks at every aggregated one again.

import { isDeepStrictEqual } from 'node:util';
import { labelSelectorString, matchesLabels, parseLabelSelector } from '@capstan/common';
import type { KubeObject } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import { WorkQueue } from '../work-queue.ts';

const clusterRoles = { group: 'rbac.authorization.k8s.io', version: 'v1', resource: 'clusterroles' };
/** kube retries a role at most this long after a failure. */
const maxRetryDelayMs = 60_000;

type ClusterRole = KubeObject & { rules?: unknown[] | null; aggregationRule?: { clusterRoleSelectors?: unknown[] } | null };

/** The rules an aggregated role should have, from the roles `all` holds. */
export function aggregatedRules(role: ClusterRole, all: readonly ClusterRole[]): unknown[] {
  const rules: unknown[] = [];
  const byName = [...all].sort((a, b) => ((a.metadata?.name ?? '') < (b.metadata?.name ?? '') ? -1 : 1));
  for (const selector of role.aggregationRule?.clusterRoleSelectors ?? []) {
    const text = labelSelectorString(selector);
    if (text === undefined) throw new Error(`invalid clusterRoleSelector of ClusterRole ${role.metadata?.name}`);
    const parsed = parseLabelSelector(text);
    for (const other of byName) {
      if (other.metadata?.name === role.metadata?.name || !matchesLabels(parsed, other.metadata?.labels)) continue;
      for (const rule of other.rules ?? []) if (!rules.some((known) => isDeepStrictEqual(known, rule))) rules.push(rule);
    }
  }
  return rules;
}

export const clusterRoleAggregationController: ControllerDefinition = {
  name: 'clusterrole-aggregation',
  clientName: 'clusterrole-aggregation-controller',
  async start(context: ControllerContext): Promise<void> {
    const { client, logger, signal } = context;
    const informer = context.informers.informer<ClusterRole>(clusterRoles);
    const queue = new WorkQueue({ name: 'ClusterRoleAggregator', maxDelayMs: maxRetryDelayMs });
    const enqueueAggregated = (): void => {
      for (const role of informer.store.list()) if (role.aggregationRule != null && role.metadata?.name !== undefined) queue.add(role.metadata.name);
    };
    informer.addEventHandler({ onAdd: enqueueAggregated, onUpdate: enqueueAggregated, onDelete: enqueueAggregated });
    const stop = (): void => queue.shutDown();
    signal.addEventListener('abort', stop, { once: true });
    if (signal.aborted) stop();
    if (!(await context.informers.waitForSync(signal))) return;

    const sync = async (name: string): Promise<void> => {
      const role = informer.store.get(undefined, name);
      if (role?.aggregationRule == null) return;
      const rules = aggregatedRules(role, informer.store.list());
      if (isDeepStrictEqual(rules, role.rules ?? [])) return;
      await client.patch(
        { ...clusterRoles, name },
        { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name }, rules },
        { type: 'apply', fieldManager: 'clusterrole-aggregation-controller', force: true },
      );
    };
    try {
      // kube-controller-manager runs this controller with five workers.
      await queue.run(5, sync, (name, error) => {
        if (!signal.aborted) logger.warn({ err: error, clusterRole: name }, 'aggregating a ClusterRole failed; retrying');
      });
    } finally {
      signal.removeEventListener('abort', stop);
    }
  },
};

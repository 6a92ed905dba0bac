// kube's APF config producer and consumer over real stores: the bootstrap objects are created, the
// mandatory ones are put back, the suggested ones are kept only while their autoupdate annotation
// says so, retired ones the server made go, and each FlowSchema's Dangling condition says whether
// its priority level exists.

import test from 'ava';
import { createLogger } from '@capstan/common';
import { ensureBootstrapConfiguration, ensuredObject, type FlowControlStores } from '../src/flowcontrol/config-producer.ts';
import { FlowController } from '../src/flowcontrol/flow-controller.ts';
import { flowControlStatsOf } from '../src/flowcontrol/flowcontrol-stats.ts';
import { mandatoryFlowSchemas, mandatoryPriorityLevels, suggestedFlowSchemas, suggestedPriorityLevels } from '../src/flowcontrol/bootstrap-configuration.ts';
import { flowSchemaResource } from '../src/resources/flowcontrol/flowschemas.ts';
import { priorityLevelConfigurationResource } from '../src/resources/flowcontrol/prioritylevelconfigurations.ts';
import type { JsonObject } from '../src/registry/object-meta.ts';
import { wholeList } from '../src/registry/store-list.ts';
import { cachedRegistry } from './cached-registry.ts';

const logger = createLogger({ name: 'test', level: 'silent' });
const annotation = 'apf.kubernetes.io/autoupdate-spec';

async function stores(t: Parameters<typeof cachedRegistry>[0]): Promise<FlowControlStores & { stopping: AbortSignal }> {
  const { registry, stopping } = await cachedRegistry(t, 'capstan-apf-producer-');
  return { flowSchemas: registry.builtinStore(flowSchemaResource), priorityLevels: registry.builtinStore(priorityLevelConfigurationResource), stopping };
}

const names = async (store: FlowControlStores['flowSchemas']): Promise<string[]> =>
  (await store.list(wholeList(undefined))).items.map((kv) => String((store.decode(kv).metadata as JsonObject).name)).sort();

test('the ensurer creates every bootstrap object, annotated autoupdate "true"', async (t) => {
  const s = await stores(t);
  await ensureBootstrapConfiguration(s);
  t.deepEqual(await names(s.flowSchemas), [...mandatoryFlowSchemas, ...suggestedFlowSchemas].map((o) => String((o.metadata as JsonObject).name)).sort());
  t.deepEqual(await names(s.priorityLevels), [...mandatoryPriorityLevels, ...suggestedPriorityLevels].map((o) => String((o.metadata as JsonObject).name)).sort());
  const level = await s.priorityLevels.get(undefined, 'workload-low');
  t.is((level.metadata as JsonObject & { annotations: Record<string, string> }).annotations[annotation], 'true');
  t.is(((level.spec as JsonObject).limited as JsonObject).nominalConcurrencyShares, 100);
});

test('suggested objects are kept by the annotation: "false" keeps an edit, "true" is put back, a deleted one comes back, a retired one goes', async (t) => {
  const s = await stores(t);
  await ensureBootstrapConfiguration(s);
  const edit = async (name: string, value: string) => {
    const current = await s.priorityLevels.get(undefined, name);
    const metadata = current.metadata as JsonObject;
    const spec = structuredClone(current.spec) as JsonObject & { limited: { nominalConcurrencyShares: number } };
    spec.limited.nominalConcurrencyShares = 7;
    await s.priorityLevels.update(undefined, name, { ...current, metadata: { ...metadata, annotations: { [annotation]: value } }, spec });
  };
  await edit('workload-low', 'false');
  await edit('global-default', 'true');
  await s.flowSchemas.delete(undefined, 'service-accounts', { dryRun: false });
  await s.flowSchemas.create(undefined, {
    metadata: { name: 'retired', annotations: { [annotation]: 'true' } },
    spec: { priorityLevelConfiguration: { name: 'global-default' }, matchingPrecedence: 5000, rules: [] },
  });
  await s.flowSchemas.create(undefined, { metadata: { name: 'mine' }, spec: { priorityLevelConfiguration: { name: 'global-default' }, matchingPrecedence: 5000, rules: [] } });
  await ensureBootstrapConfiguration(s);
  const shares = async (name: string) => (((await s.priorityLevels.get(undefined, name)).spec as JsonObject).limited as JsonObject).nominalConcurrencyShares;
  t.is(await shares('workload-low'), 7);
  t.is(await shares('global-default'), 20);
  t.true((await names(s.flowSchemas)).includes('service-accounts'));
  t.false((await names(s.flowSchemas)).includes('retired'));
  t.true((await names(s.flowSchemas)).includes('mine'));
});

test('without a readable annotation a suggested object is kept up to date only while it is at generation 1; a mandatory one always is', (t) => {
  const bootstrap = suggestedPriorityLevels.find((o) => (o.metadata as JsonObject).name === 'system') as JsonObject;
  const changed = { ...structuredClone(bootstrap), spec: { type: 'Limited', limited: { nominalConcurrencyShares: 1, lendablePercent: 0, limitResponse: { type: 'Reject' } } } };
  const untouched = { ...changed, metadata: { name: 'system', generation: 1 } };
  const edited = { ...changed, metadata: { name: 'system', generation: 2, annotations: { [annotation]: 'maybe' } } };
  const updatedUntouched = ensuredObject(untouched, bootstrap, false);
  t.deepEqual(updatedUntouched?.spec, bootstrap.spec);
  t.is(((updatedUntouched?.metadata as JsonObject).annotations as Record<string, string>)[annotation], 'true');
  const updatedEdited = ensuredObject(edited, bootstrap, false);
  t.deepEqual(updatedEdited?.spec, changed.spec);
  t.is(((updatedEdited?.metadata as JsonObject).annotations as Record<string, string>)[annotation], 'false');
  // Once the annotation says what was decided, nothing more is written.
  t.is(ensuredObject(updatedEdited as JsonObject, bootstrap, false), undefined);
  const mandatory = mandatoryPriorityLevels[0] as JsonObject;
  const mandatoryEdited = { ...structuredClone(mandatory), metadata: { name: 'catch-all', generation: 4, annotations: { [annotation]: 'false' } }, spec: changed.spec };
  t.deepEqual(ensuredObject(mandatoryEdited, mandatory, true)?.spec, mandatory.spec);
  t.is(ensuredObject(structuredClone(mandatory), mandatory, true), undefined);
  // The exempt level's spec.exempt is the operator's to tune: it is kept, the rest is put back.
  const exempt = mandatoryPriorityLevels[1] as JsonObject;
  const tuned = {
    metadata: { name: 'exempt', generation: 2, annotations: { [annotation]: 'true' } },
    spec: { type: 'Exempt', exempt: { nominalConcurrencyShares: 10, lendablePercent: 0 } },
  };
  t.is(ensuredObject(tuned, exempt, true), undefined);
});

test('the Dangling condition of a FlowSchema says whether its priority level exists, and follows it', async (t) => {
  const s = await stores(t);
  await ensureBootstrapConfiguration(s);
  const controller = new FlowController(s, 600, logger);
  await controller.start(s.stopping);
  await s.flowSchemas.create(undefined, {
    metadata: { name: 'orphan' },
    spec: { priorityLevelConfiguration: { name: 'later' }, matchingPrecedence: 500, rules: [] },
  });
  const dangling = async (): Promise<JsonObject | undefined> => {
    for (;;) {
      const object = await s.flowSchemas.get(undefined, 'orphan');
      const condition = ((object.status as JsonObject | undefined)?.conditions as JsonObject[] | undefined)?.find((c) => c.type === 'Dangling');
      if (condition !== undefined) return condition;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const first = await dangling();
  t.is(first?.status, 'True');
  t.is(first?.reason, 'NotFound');
  t.is(first?.message, 'This FlowSchema references the PriorityLevelConfiguration object named "later" but there is no such object');
  await s.priorityLevels.create(undefined, { metadata: { name: 'later' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } });
  for (;;) {
    const condition = await dangling();
    if (condition?.status === 'False') {
      t.is(condition.reason, 'Found');
      t.is(condition.message, 'This FlowSchema references the PriorityLevelConfiguration object named "later" and it exists');
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  // A level created without shares gets the default 30; its nominal seats come from its share of all.
  const later = controller.levels.get('later');
  t.is(later?.spec.shares, 30);
  t.is(later?.limits.nominal, Math.ceil((600 * 30) / (245 + 30)));
  // The snapshot for the apiserver_flowcontrol_* metrics names every level with its seats.
  const stats = flowControlStatsOf(controller);
  if (stats.mode !== 'priority-and-fairness') throw new Error('not APF stats');
  const globalDefault = stats.priorityLevels.find((level) => level.priorityLevel === 'global-default');
  t.is(globalDefault?.nominalLimitSeats, Math.ceil((600 * 20) / 275));
  t.deepEqual(globalDefault?.rejectedTotal, { 'queue-full': 0, 'concurrency-limit': 0, 'time-out': 0 });
  t.is(stats.priorityLevels.length, 9);
});

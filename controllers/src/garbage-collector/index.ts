// The garbage collector controller ("garbagecollector", kube-controller-manager's): metadata-only
// informers on every resource that can be listed, watched and deleted build the ownerReferences
// graph; --concurrent-gc-syncs workers collect what lost its owners and carry out foreground and
// orphan deletions. Discovery is asked again every 30 s, so resources served later (custom
// resources) are watched too.

import { sleep } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from '../controller.ts';
import type { EventRecorder } from '../event-recorder.ts';
import { apiVersionOf, discoverApiResources, type ApiResource, type ApiResources } from './api-resources.ts';
import { GarbageCollector } from './garbage-collector.ts';
import { GraphBuilder, type InvalidNamespaceReporter } from './graph-builder.ts';
import { describeIdentity, identityOfReference } from './graph.ts';
import { Monitors } from './monitors.ts';

export interface GarbageCollectorSettings {
  /** How often discovery is asked for new or removed resources (kube: 30 s). */
  readonly discoveryPeriodMs?: number;
  /** How long the workers wait for the first lists before they start anyway (kube: 30 s). */
  readonly initialSyncTimeoutMs?: number;
  /** Where the resources come from (the API server's discovery). */
  readonly discover?: (client: RestClient, signal: AbortSignal) => Promise<ApiResources>;
}

export function garbageCollector(settings: GarbageCollectorSettings = {}): ControllerDefinition {
  return { name: 'garbagecollector', clientName: 'generic-garbage-collector', start: (context) => runGarbageCollector(context, settings) };
}

export const garbageCollectorController: ControllerDefinition = garbageCollector();

/** Between failed first discoveries. */
const discoveryRetryMs = 1000;

async function runGarbageCollector(context: ControllerContext, settings: GarbageCollectorSettings): Promise<void> {
  const { client, logger, signal } = context;
  const periodMs = settings.discoveryPeriodMs ?? 30_000;
  const discover = settings.discover ?? discoverApiResources;
  const builder = new GraphBuilder(invalidNamespaceReporter(context.eventRecorder('garbage-collector-controller')));
  const monitors = new Monitors(context.informers, builder);
  const collector = new GarbageCollector(client, builder, monitors, logger, signal);

  let resources: ApiResources | undefined;
  while (resources === undefined && !signal.aborted) {
    try {
      resources = await discover(client, signal);
    } catch (error) {
      if (signal.aborted) break;
      logger.warn({ err: error }, 'failed to discover resources, retrying');
      await sleep(discoveryRetryMs, signal);
    }
  }
  if (resources === undefined) return;
  collector.resources = resources;
  monitors.sync(resources.deletable);
  logger.info('Starting controller');

  const synced = await withTimeout(monitors.waitForSync(signal), settings.initialSyncTimeoutMs ?? 30_000);
  if (signal.aborted) return stop(builder, monitors);
  logger.info(synced ? 'Garbage collector: all resource monitors have synced' : 'Garbage collector: not all resource monitors could be synced, proceeding anyways');
  const workers = collector.run(context.options.concurrentGcSyncs);
  await resyncPeriodically(context, discover, collector, monitors, resources, periodMs);
  stop(builder, monitors);
  await workers;
  logger.info('Shutting down controller');
}

/** The warning kube's graph builder records on a dependent naming an owner outside its namespace. */
function invalidNamespaceReporter(recorder: EventRecorder): InvalidNamespaceReporter {
  return (dependent, owner) => {
    const { identity } = dependent;
    const involved = {
      apiVersion: identity.apiVersion,
      kind: identity.kind,
      name: identity.name,
      uid: identity.uid,
      ...(identity.namespace === '' ? {} : { namespace: identity.namespace }),
    };
    const message = `ownerRef ${describeIdentity(identityOfReference(owner, identity.namespace))} does not exist in namespace ${JSON.stringify(identity.namespace)}`;
    void recorder.record(involved, 'Warning', 'OwnerRefInvalidNamespace', message);
  };
}

/** kube's GarbageCollector.Sync: new discovery results (and only changes) resync the monitors. */
async function resyncPeriodically(
  context: ControllerContext,
  discover: NonNullable<GarbageCollectorSettings['discover']>,
  collector: GarbageCollector,
  monitors: Monitors,
  initial: ApiResources,
  periodMs: number,
): Promise<void> {
  const { client, logger, signal } = context;
  let current = new Set(initial.deletable.map(keyOf));
  while (!signal.aborted) {
    await sleep(periodMs, signal);
    if (signal.aborted) return;
    let found: ApiResources;
    try {
      found = await discover(client, signal);
    } catch (error) {
      if (!signal.aborted) logger.info({ err: error }, 'failed to discover preferred resources');
      continue;
    }
    if (found.deletable.length === 0) {
      logger.debug('no resources reported by discovery, skipping garbage collector sync');
      continue;
    }
    collector.resources = found;
    // A group whose discovery failed keeps what it had.
    const kept = monitors.resources.filter((resource) => found.failedGroupVersions.has(apiVersionOf(resource.group, resource.version)));
    const next = new Set([...found.deletable, ...kept].map(keyOf));
    if (next.size === current.size && [...next].every((key) => current.has(key))) continue;
    const changes = monitors.sync(found.deletable, found.failedGroupVersions);
    logger.info({ ...changes }, 'syncing garbage collector with updated resources from discovery');
    current = next;
    const synced = await withTimeout(monitors.waitForSync(signal), periodMs);
    if (!signal.aborted) logger.info(synced ? 'synced garbage collector' : 'timed out waiting for dependency graph builder sync during GC sync');
  }
}

function stop(builder: GraphBuilder, monitors: Monitors): void {
  monitors.stop();
  builder.attemptToDelete.shutDown();
  builder.attemptToOrphan.shutDown();
}

const keyOf = (resource: ApiResource): string => `${resource.group}/${resource.version}/${resource.resource}`;

/** The promise's answer, or false if it takes longer than `ms`. */
async function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// Runs the enabled controllers while this process leads (or at once without leader election):
// they share one set of informers, which start after every controller has asked for its own and
// stop when leadership ends. As kube-controller-manager, a process that loses its lease exits (its
// supervisor starts it again as a candidate).

import type { Logger } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import type { ControllerContext, ControllerDefinition } from './controller.ts';
import type { ControllerOptions } from './controller-options.ts';
import { EventRecorder } from './event-recorder.ts';
import { LeaderElector, type LeaderElectionConfig } from './leader-election/leader-elector.ts';
import { SharedInformers } from './shared-informers.ts';

export interface ControllerManagerConfig {
  readonly client: RestClient;
  readonly logger: Logger;
  readonly controllers: readonly ControllerDefinition[];
  readonly options: ControllerOptions;
  /** Undefined with --leader-elect=false. */
  readonly leaderElection: LeaderElectionConfig | undefined;
  /** Events' reportingInstance: the holder identity, or the host name. */
  readonly instance: string;
}

export type ControllerManagerEnd = 'stopped' | 'leadership-lost';

/** Runs until the signal aborts ('stopped') or the lease is lost ('leadership-lost'). */
export async function runControllerManager(config: ControllerManagerConfig, signal: AbortSignal): Promise<ControllerManagerEnd> {
  const { logger } = config;
  if (config.leaderElection === undefined) {
    await runControllers(config, signal);
    return 'stopped';
  }
  let running: Promise<void> = Promise.resolve();
  let lost = false;
  const elector = new LeaderElector(config.client, config.leaderElection, {
    onStartedLeading: (leading) => {
      logger.info({ identity: config.leaderElection?.identity }, 'successfully acquired lease, starting controllers');
      running = runControllers(config, leading);
    },
    onStoppedLeading: (wasLost) => {
      lost = wasLost;
      if (wasLost) logger.error('leaderelection lost');
    },
    onNewLeader: (identity) => logger.info({ identity }, 'new leader elected'),
  });
  logger.info({ lease: `${config.leaderElection.namespace}/${config.leaderElection.name}` }, 'attempting to acquire leader lease');
  await elector.run(signal);
  await running;
  return lost ? 'leadership-lost' : 'stopped';
}

async function runControllers(config: ControllerManagerConfig, signal: AbortSignal): Promise<void> {
  const { client, logger } = config;
  const informers = new SharedInformers(client, (error) => logger.debug({ err: error }, 'list or watch failed'));
  const recorders = new Map<string, EventRecorder>();
  const context: ControllerContext = {
    client,
    informers,
    options: config.options,
    logger,
    signal,
    eventRecorder: (component) => {
      let recorder = recorders.get(component);
      if (recorder === undefined) {
        recorder = new EventRecorder(client, component, config.instance, (message, error) => logger.warn({ err: error }, message));
        recorders.set(component, recorder);
      }
      return recorder;
    },
  };
  const stopped = config.controllers.map((controller) => {
    logger.info({ controller: controller.name }, 'starting controller');
    return controller.start({ ...context, logger: logger.child({ controller: controller.name }) }).catch((error: unknown) => {
      logger.error({ err: error, controller: controller.name }, 'controller failed');
    });
  });
  informers.start();
  await Promise.all(stopped);
  await informers.stop();
}

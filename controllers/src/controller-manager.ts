// Runs the enabled controllers while this process leads (or at once without leader election):
// they share one set of informers, which start after every controller has asked for its own and
// stop when leadership ends. As kube-controller-manager, a process that loses its lease exits (its
// supervisor starts it again as a candidate).

import type { Logger } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import type { ControllerClientBuilder } from './client-builder.ts';
import type { ControllerContext, ControllerDefinition } from './controller.ts';
import type { ControllerOptions } from './controller-options.ts';
import { EventRecorder } from './event-recorder.ts';
import { LeaderElectorOnThread } from './leader-election/elector-on-thread.ts';
import { type LeaderCallbacks, LeaderElector, type LeaderElectionConfig } from './leader-election/leader-elector.ts';
import { SharedInformers } from './shared-informers.ts';

export interface ControllerManagerConfig {
  /** The process's own client: informers, leader election, and the client builder's root. */
  readonly client: RestClient;
  /** Each controller's client by its clientName; the process's own client for all when absent. */
  readonly clients?: ControllerClientBuilder;
  /** Controllers with a kubeconfig of their own (the scheduler's), by controller name. */
  readonly ownClients?: ReadonlyMap<string, RestClient>;
  readonly logger: Logger;
  readonly controllers: readonly ControllerDefinition[];
  readonly options: ControllerOptions;
  /** Undefined with --leader-elect=false. */
  readonly leaderElection: LeaderElectionConfig | undefined;
  /**
   * Leader election on a worker thread with a client of its own made from this kubeconfig (what
   * `capstan controllers` does), so that renewals do not wait for a busy event loop and do not
   * queue behind the controllers' requests; without it the lease is renewed with `client`.
   */
  readonly leaderElectionThread?: { readonly kubeconfig: string; readonly userAgent: string };
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
  const callbacks: LeaderCallbacks = {
    onStartedLeading: (leading) => {
      logger.info({ identity: config.leaderElection?.identity }, 'successfully acquired lease, starting controllers');
      running = runControllers(config, leading);
    },
    onStoppedLeading: (wasLost) => {
      lost = wasLost;
      if (wasLost) logger.error('leaderelection lost');
    },
    onNewLeader: (identity) => logger.info({ identity }, 'new leader elected'),
  };
  const thread = config.leaderElectionThread;
  const elector =
    thread === undefined
      ? new LeaderElector(config.client, config.leaderElection, callbacks)
      : new LeaderElectorOnThread(thread.kubeconfig, thread.userAgent, config.leaderElection, callbacks);
  logger.info({ lease: `${config.leaderElection.namespace}/${config.leaderElection.name}` }, 'attempting to acquire leader lease');
  await elector.run(signal);
  await running;
  return lost ? 'leadership-lost' : 'stopped';
}

async function runControllers(config: ControllerManagerConfig, signal: AbortSignal): Promise<void> {
  const { client, logger } = config;
  const informers = new SharedInformers(client, (error) => logger.debug({ err: error }, 'list or watch failed'));
  // Every controller's client first: the informers start once all controllers have asked for theirs.
  let clients: RestClient[];
  try {
    clients = await Promise.all(config.controllers.map((controller) => clientOf(config, controller, signal)));
  } catch (error) {
    if (!signal.aborted) logger.error({ err: error }, "failed to create the controllers' clients");
    return;
  }
  const stopped = config.controllers.map((controller, index) => {
    const controllerClient = clients[index] as RestClient;
    const recorders = new Map<string, EventRecorder>();
    const context: ControllerContext = {
      client: controllerClient,
      informers,
      options: config.options,
      logger: logger.child({ controller: controller.name }),
      signal,
      eventRecorder: (component) => {
        let recorder = recorders.get(component);
        if (recorder === undefined) {
          recorder = new EventRecorder(controllerClient, component, (message, error) => logger.warn({ err: error }, message));
          recorders.set(component, recorder);
        }
        return recorder;
      },
    };
    logger.info({ controller: controller.name }, 'starting controller');
    return controller.start(context).catch((error: unknown) => {
      logger.error({ err: error, controller: controller.name }, 'controller failed');
    });
  });
  informers.start();
  await Promise.all(stopped);
  await informers.stop();
}

function clientOf(config: ControllerManagerConfig, controller: ControllerDefinition, signal: AbortSignal): Promise<RestClient> {
  const own = config.ownClients?.get(controller.name);
  if (own !== undefined) return Promise.resolve(own);
  if (controller.clientName === undefined || config.clients === undefined) return Promise.resolve(config.client);
  return config.clients.client(controller.clientName, signal);
}

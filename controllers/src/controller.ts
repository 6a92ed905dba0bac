// What every controller of `capstan controllers` is given, and how it declares itself: a name (as
// kube-controller-manager's --controllers flag names it) and a start that runs until the signal
// aborts (leadership lost or shutdown).

import type { Logger } from '@capstan/common';
import type { RestClient } from '@capstan/common/client';
import type { EventRecorder } from './event-recorder.ts';
import type { ControllerOptions } from './controller-options.ts';
import type { SharedInformers } from './shared-informers.ts';

export interface ControllerContext {
  /** The controller's own client (see ControllerDefinition.clientName); the informers list and watch with the process's. */
  readonly client: RestClient;
  readonly informers: SharedInformers;
  /** A recorder reporting as `component` (e.g. "node-controller", "default-scheduler"), writing with the controller's client. */
  eventRecorder(component: string): EventRecorder;
  readonly options: ControllerOptions;
  readonly logger: Logger;
  /** Aborts when the controller must stop. */
  readonly signal: AbortSignal;
}

export interface ControllerDefinition {
  readonly name: string;
  /**
   * The name kube-controller-manager gives the controller's client: with
   * --use-service-account-credentials the controller acts as the service account of that name in
   * kube-system. Absent for a component kube runs as a program of its own (the scheduler), which
   * acts as the process itself or with a kubeconfig of its own.
   */
  readonly clientName?: string;
  /** Other names --controllers accepts for it (kube's aliases, e.g. "nodeipam"). */
  readonly aliases?: readonly string[];
  /**
   * Sets up the controller's informers and handlers, then answers a promise that settles when it
   * has stopped. Informers asked for before start() returns are synced before any work is done.
   */
  start(context: ControllerContext): Promise<void>;
}

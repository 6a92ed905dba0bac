// The agent's two heartbeats toward the API server, started together: register the Node, then keep
// its status (node-status-reporter.ts) and its Lease (lease-heartbeat.ts), recording the events of
// condition changes. The watchdog asks healthFailures(): the agent is healthy while its Lease was
// renewed within the lease duration. Each status tick reads the machine and the runtime
// (node-readings.ts) unless given a reading to share (simulated nodes on one machine).

import type { RestClient } from '@capstan/common/client';
import type { AgentConfiguration } from '../config/index.ts';
import type { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import type { ExtendedResources } from '../root-dir/index.ts';
import {
  nodeAddresses,
  nodeAllocatableReservation,
  nodeCapacity,
  nodeHostname,
  observeSignals,
  parseEvictionThresholds,
  PressureConditions,
  thresholdsMet,
  type NodeCondition,
  type NodeEvent,
  type SystemReport,
} from '../system/index.ts';
import { initialNode } from './initial-node.ts';
import { LeaseHeartbeat } from './lease-heartbeat.ts';
import { NodeEventRecorder } from './node-events.ts';
import { followNodePodCidr } from './node-pod-cidr.ts';
import { registerNode } from './node-registration.ts';
import { readNodeReadings, type NodeReadings } from './node-readings.ts';
import { computeNodeStatus, type ComputedNodeStatus } from './node-status.ts';
import { NodeStatusReporter } from './node-status-reporter.ts';
import { restLeaseApi } from './rest-lease-api.ts';

type Log = (message: string, error?: unknown) => void;

export interface NodeHeartbeatsOptions {
  /** Where each status tick gets its readings; by default they are read from this machine and runtime every tick. */
  readonly readings?: () => Promise<NodeReadings>;
  /** The device plugins' resources for each status (the agent's root directory). */
  readonly extendedResources?: () => ExtendedResources;
  /** Hands the Node's pod ranges to the runtime once the node IPAM controller sets them (the kubelet's updatePodCIDR); none: not followed. */
  readonly updatePodCidr?: (podCidr: string) => Promise<void>;
}

/** The kubelet's words, which tools and people look for in `kubectl describe node`. */
const startingEvent: NodeEvent = { type: 'Normal', reason: 'Starting', message: 'Starting kubelet.' };

export class NodeHeartbeats {
  /** Resolves once the Node is registered (or the agent is stopping). */
  readonly registered: Promise<void>;
  #resolveRegistered!: () => void;
  #lastLeaseRenewal = 0;
  readonly #client: RestClient;
  readonly #loaded: AgentConfiguration;
  readonly #report: SystemReport;
  readonly #log: Log;
  readonly #pressures = new PressureConditions();
  readonly #readings: () => Promise<NodeReadings>;
  readonly #extendedResources: (() => ExtendedResources) | undefined;
  readonly #updatePodCidr: ((podCidr: string) => Promise<void>) | undefined;

  constructor(
    client: RestClient,
    runtime: CriRuntimeClient,
    images: CriImageClient,
    loaded: AgentConfiguration,
    report: SystemReport,
    log: Log,
    options: NodeHeartbeatsOptions = {},
  ) {
    this.#client = client;
    this.#loaded = loaded;
    this.#report = report;
    this.#log = log;
    this.#readings = options.readings ?? (() => readNodeReadings(loaded.flags['root-dir'], report, runtime, images));
    this.#extendedResources = options.extendedResources;
    this.#updatePodCidr = options.updatePodCidr;
    this.registered = new Promise((resolve) => (this.#resolveRegistered = resolve));
  }

  /** Runs until the signal aborts. */
  async start(signal: AbortSignal): Promise<void> {
    const { config, nodeName } = this.#loaded;
    const events = new NodeEventRecorder(this.#client, nodeName, this.#log);
    // The kubelet's first events: it is starting, and the conditions it registers with.
    let registrationEvents: readonly NodeEvent[] = [];
    if (config.registerNode) {
      await registerNode(
        this.#client,
        async () => {
          const readings = await this.#readings();
          const { status, events: conditionEvents } = await this.#statusOf(readings, []);
          registrationEvents = conditionEvents;
          const { machine } = readings;
          return initialNode({
            nodeName,
            hostname: nodeHostname(this.#loaded.flags['hostname-override']),
            operatingSystem: machine.operatingSystem,
            architecture: machine.architecture,
            registerWithTaints: config.registerWithTaints,
            status,
          });
        },
        signal,
        this.#log,
      );
    }
    // The Lease's first lease duration counts from registration: the watchdog pings that follow
    // READY=1 at once are not withheld while the first renewal is on its way.
    this.#lastLeaseRenewal = Date.now();
    this.#resolveRegistered();
    for (const event of [startingEvent, ...this.#report.events, ...registrationEvents]) void events.record(event);
    const reporter = new NodeStatusReporter(this.#client, {
      nodeName,
      updateFrequencyMs: config.nodeStatusUpdateFrequency,
      reportFrequencyMs: config.nodeStatusReportFrequency,
      compute: async (conditions) => this.#statusOf(await this.#readings(), conditions),
      onEvents: (recorded) => recorded.forEach((event) => void events.record(event)),
      log: this.#log,
    });
    const lease = new LeaseHeartbeat(restLeaseApi(this.#client), {
      nodeName,
      leaseDurationSeconds: config.nodeLeaseDurationSeconds,
      log: this.#log,
      onRenewed: () => (this.#lastLeaseRenewal = Date.now()),
    });
    const podCidr = this.#updatePodCidr === undefined ? undefined : followNodePodCidr(this.#client, nodeName, this.#updatePodCidr, signal, this.#log);
    await Promise.all([reporter.run(signal), lease.run(signal), podCidr]);
  }

  /** Why the agent is unhealthy; empty while its Lease is fresh. */
  healthFailures(): string[] {
    const durationMs = this.#loaded.config.nodeLeaseDurationSeconds * 1000;
    const age = Date.now() - this.#lastLeaseRenewal;
    return age <= durationMs ? [] : [`node lease not renewed for ${Math.round(age / 1000)}s`];
  }

  async #statusOf(readings: NodeReadings, current: readonly NodeCondition[]): Promise<ComputedNodeStatus> {
    const { config, nodeName, nodeIPs, flags } = this.#loaded;
    const { machine, nodefs, memory, pids, runtime } = readings;
    const capacity = nodeCapacity(machine, nodefs, { maxPods: config.maxPods, podsPerCore: config.podsPerCore });
    const reservation = nodeAllocatableReservation(capacity, { systemReserved: config.systemReserved, kubeReserved: config.kubeReserved, evictionHard: config.evictionHard });
    const observations = observeSignals({ memory, nodefs, pids });
    const met = thresholdsMet(parseEvictionThresholds(config.evictionHard), observations);
    return computeNodeStatus(current, {
      nodeName,
      now: new Date(),
      addresses: await nodeAddresses({ nodeName, nodeIPs: nodeIPs.ips, hostname: nodeHostname(flags['hostname-override']) }),
      machine,
      capacity,
      reservation,
      runtime,
      pressures: this.#pressures.update(met),
      port: config.port,
      ...(this.#extendedResources === undefined ? {} : { extendedResources: this.#extendedResources() }),
    });
  }
}

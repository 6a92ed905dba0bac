// Many simulated nodes in one process, as kwok keeps many fake nodes: each is the agent's own
// NodeHeartbeats (registration, status, Lease) for sim-node-<i>, with a configuration of its own;
// all share one REST client (one keep-alive pool to the API server), one in-process runtime-sim
// (one CRI connection) and one reading of the machine and the runtime per status period. The
// first nodes may also run the agent's pod workers. Nodes are added spread over a given time, so
// that their heartbeats do not all tick together.

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { defaultUserAgent, loadKubeconfig } from '@capstan/common/client';
import { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import { NodeHeartbeats } from '../node/node-heartbeats.ts';
import { readNodeReadings, type NodeReadings } from '../node/node-readings.ts';
import { startRuntimeSim, type RunningRuntimeSim } from '../runtime-sim/index.ts';
import { chooseHostAddress, inspectSystem } from '../system/index.ts';
import { CountingRestClient } from './request-counts.ts';
import { sharedReading } from './shared-reading.ts';
import { simulatedNodeConfiguration, simulatedNodeName } from './simulated-node-configuration.ts';
import { runSimulatedPods } from './simulated-pods.ts';

export interface SimulatedNodesOptions {
  /** The API server's kubeconfig, which every node's configuration names and the shared client reads. */
  readonly kubeconfig: string;
  /** Where the runtime keeps its state and the nodes have their root directories. */
  readonly rootDir: string;
  /** Every node's InternalIP; one of this host's addresses (default: the default route's). */
  readonly nodeIP?: string;
  /** More agent flags for every node. */
  readonly agentFlags?: readonly string[];
  /**
   * Connections to the API server at most, in the shared pool (default 512); requests beyond wait
   * for one. Real agents have a connection each; thousands here would only move the waiting from
   * this pool into the API server's sockets, and cost file descriptors on both sides.
   */
  readonly maxSockets?: number;
  /** How long the nodes share one reading of the machine and the runtime (default 5 s). */
  readonly readingMaxAgeMs?: number;
  /**
   * How many nodes (the first ones) also run the agent's pod workers, once registered (default
   * none: the nodes keep their Node and Lease only). Each worker watches its node's pods and
   * relists its view of the runtime every second, as the kubelet does.
   */
  readonly podWorkerNodes?: number;
}

interface RunningNode {
  readonly name: string;
  readonly stop: AbortController;
  running: Promise<unknown>;
  registered: boolean;
  /** Starts the node's pod workers once it is registered (at most once); they run until the node stops. */
  readonly runPods: () => void;
}

/** The kubelet's heartbeat client gives up after min(nodeStatusUpdateFrequency, lease duration): 10 s by default. */
const heartbeatTimeoutMs = 10_000;

export class SimulatedNodes {
  readonly client: CountingRestClient;
  /**
   * The pod workers' client: a pool without a limit, since each node's pod watch holds a
   * connection of its own for as long as it runs; in the heartbeats' pool, 1,000 watches would
   * take all its connections and starve the heartbeats until every node went NotReady.
   */
  readonly #podClient: CountingRestClient;
  readonly runtimeSim: RunningRuntimeSim;
  readonly #runtime: CriRuntimeClient;
  readonly #images: CriImageClient;
  readonly #options: SimulatedNodesOptions;
  readonly #nodeIP: string;
  readonly #readings: () => Promise<NodeReadings>;
  /** The machine is not the nodes': its swap or cgroup v1 stop no simulated node. */
  readonly #report = inspectSystem({ failSwapOn: false, failCgroupV1: false });
  readonly #nodes: RunningNode[] = [];
  readonly #messages = new Map<string, number>();

  private constructor(options: SimulatedNodesOptions, runtimeSim: RunningRuntimeSim, runtime: CriRuntimeClient, images: CriImageClient) {
    this.#options = options;
    this.runtimeSim = runtimeSim;
    this.#runtime = runtime;
    this.#images = images;
    this.#nodeIP = options.nodeIP ?? chooseHostAddress();
    const clientConfig = { ...loadKubeconfig(options.kubeconfig), userAgent: defaultUserAgent('capstan-simulated-nodes'), timeoutMs: heartbeatTimeoutMs };
    this.client = new CountingRestClient(clientConfig);
    this.client.agent.maxSockets = options.maxSockets ?? 512;
    this.#podClient = new CountingRestClient(clientConfig);
    this.#readings = sharedReading(() => readNodeReadings(options.rootDir, this.#report, runtime, images), options.readingMaxAgeMs ?? 5_000);
  }

  /** Starts the shared runtime-sim (its socket under rootDir) and connects to it; no node yet. */
  static async start(options: SimulatedNodesOptions): Promise<SimulatedNodes> {
    await mkdir(options.rootDir, { recursive: true });
    const runtimeSim = await startRuntimeSim({ listen: `unix://${join(options.rootDir, 'runtime-sim.sock')}`, rootDir: join(options.rootDir, 'runtime-sim') });
    try {
      const endpoint = `unix://${runtimeSim.socketPath}`;
      const runtime = await CriRuntimeClient.connect(endpoint);
      const images = await CriImageClient.connect(endpoint);
      return new SimulatedNodes(options, runtimeSim, runtime, images);
    } catch (error) {
      await runtimeSim.close();
      throw error;
    }
  }

  get count(): number {
    return this.#nodes.length;
  }

  /** Nodes whose Node is registered. */
  get registered(): number {
    return this.#nodes.reduce((sum, node) => sum + (node.registered ? 1 : 0), 0);
  }

  /** What the nodes logged, by message (node names taken out), with how often. */
  messages(): Record<string, number> {
    return Object.fromEntries(this.#messages);
  }

  /** Open connections to the API server, in use and idle. */
  sockets(): number {
    const { sockets, freeSockets } = this.client.agent;
    const count = (pools: NodeJS.ReadOnlyDict<unknown[]>): number => Object.values(pools).reduce((sum, pool) => sum + (pool?.length ?? 0), 0);
    return count(sockets) + count(freeSockets);
  }

  /**
   * Adds nodes up to `count`, the new ones started evenly over `spreadMs`, or stops the last ones
   * down to `count` (as when their agents are killed: their Nodes and Leases stay). Resolves once
   * every new node has started (registration goes on by itself).
   */
  async scaleTo(count: number, spreadMs = 0): Promise<void> {
    const removed = this.#nodes.splice(count);
    for (const node of removed) node.stop.abort();
    await Promise.all(removed.map((node) => node.running));
    const first = this.#nodes.length;
    const added = count - first;
    const began = performance.now();
    for (let k = 0; k < added; ) {
      const due = spreadMs <= 0 ? added : Math.min(added, Math.floor(((performance.now() - began) / spreadMs) * added) + 1);
      for (; k < due; k++) this.#startNode(first + k);
      if (k < added) await new Promise((resolve) => setTimeout(resolve, Math.max(1, spreadMs / added)));
    }
  }

  /**
   * Starts the agent's pod workers on the first `count` nodes that do not run them yet, without
   * restarting the nodes (whose heartbeats go on): each starts once its node is registered.
   */
  runPodWorkers(count: number): void {
    for (const node of this.#nodes.slice(0, count)) node.runPods();
  }

  async stop(): Promise<void> {
    await this.scaleTo(0);
    this.client.close();
    this.#podClient.close();
    this.#runtime.close();
    this.#images.close();
    await this.runtimeSim.close();
  }

  #startNode(index: number): void {
    const name = simulatedNodeName(index);
    const loaded = simulatedNodeConfiguration(index, {
      kubeconfig: this.#options.kubeconfig,
      rootDir: this.#options.rootDir,
      nodeIP: this.#nodeIP,
      ...(this.#options.agentFlags === undefined ? {} : { agentFlags: this.#options.agentFlags }),
    });
    const log = (message: string, error?: unknown): void => {
      const text = `${message.replaceAll(name, '<node>')}${error === undefined ? '' : `: ${error instanceof Error ? error.message.replaceAll(name, '<node>') : String(error)}`}`;
      this.#messages.set(text, (this.#messages.get(text) ?? 0) + 1);
    };
    const heartbeats = new NodeHeartbeats(this.client, this.#runtime, this.#images, loaded, this.#report, log, { readings: this.#readings });
    const stop = new AbortController();
    let pods: Promise<void> | undefined;
    const runPods = (): void => {
      pods ??= heartbeats.registered.then(() => {
        if (stop.signal.aborted) return;
        return runSimulatedPods({ loaded, client: this.#podClient, runtime: this.#runtime, images: this.#images, report: this.#report, nodeIP: this.#nodeIP, log }, stop.signal);
      });
    };
    const node: RunningNode = { name, stop, running: Promise.resolve(), registered: false, runPods };
    if (index < (this.#options.podWorkerNodes ?? 0)) runPods();
    node.running = Promise.all([
      heartbeats.start(stop.signal),
      heartbeats.registered.then(() => {
        node.registered = !stop.signal.aborted;
      }),
      // Pod workers started later (runPodWorkers) are awaited through the same promise.
      new Promise<void>((resolve) => stop.signal.addEventListener('abort', () => resolve(), { once: true })).then(() => pods),
    ]).catch((error: unknown) => log('simulated node stopped on an error', error));
    this.#nodes.push(node);
  }
}

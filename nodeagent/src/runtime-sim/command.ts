// `capstan runtime-sim`: the simulated runtime served as a CRI v1 runtime on a unix socket, for
// node agents (or a kubelet) to run pods on without containers. Its exec streams are served on a
// loopback port of its own, as containerd serves them.

import { mkdir, readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createLogger, formatFlagHelp, type Logger, parseFlags } from '@capstan/common';
import { type CriServer, serveCri } from '../cri/index.ts';
import { effectiveSettings } from './builtin-lifecycles.ts';
import { criImplementation } from './cri-adapter.ts';
import { ExecStreamingServer } from './exec-streaming-server.ts';
import { type HostProcessSettings, thisCapstan } from './host-process.ts';
import { parseRuntimeSimFile } from './lifecycle-file.ts';
import { LogWriter } from './log-writer.ts';
import type { CgroupDriver } from './runtime-types.ts';
import { SimulatedRuntime } from './simulated-runtime.ts';

const flags = {
  listen: { type: 'string', default: '', help: 'The CRI endpoint to serve, unix:///path/to/runtime-sim.sock (required)' },
  lifecycles: { type: 'string', default: '', help: 'A YAML or JSON file of lifecycles, image rules and features (built-in ones when unset)' },
  'root-dir': { type: 'string', default: '/var/lib/capstan-runtime-sim', help: 'Where the runtime keeps its state (its image file system is <root-dir>/images)' },
  'runtime-handlers': { type: 'strings', default: [] as readonly string[], help: 'RuntimeClass handlers accepted besides the default one' },
  'cgroup-driver': { type: 'string', default: 'cgroupfs', choices: ['cgroupfs', 'systemd'], help: 'The cgroup driver the runtime reports to the kubelet' },
  'wait-for-pod-cidr': {
    type: 'bool',
    default: false,
    help: "Report NetworkReady false and refuse pod-network sandboxes until the kubelet sends the Node's pod CIDR (UpdateRuntimeConfig), as a CNI plugin that takes its range from the Node; otherwise pods get IPs of 10.88.0.0/16 until then",
  },
  'pod-cidr': {
    type: 'string',
    default: '',
    help: "The pod CIDR until the kubelet sends the Node's (10.88.0.0/16 when unset). One inside 127.0.0.0/8 (e.g. 127.88.0.0/16) makes pods reachable: their servers (agnhost netexec, serve-hostname, nginx...) listen on their IPs",
  },
  'streaming-address': { type: 'string', default: '127.0.0.1:0', help: 'host:port of the exec streaming server (port 0 picks a free one)' },
} as const;

export const runtimeSimUsage = `Serve a simulated CRI runtime whose containers follow declared lifecycles.

Usage:
  capstan runtime-sim --listen unix:///path.sock [flags]

Flags:
${formatFlagHelp(flags)}`;

export interface RuntimeSimOptions {
  readonly listen: string;
  readonly lifecyclesFile?: string;
  readonly rootDir: string;
  readonly runtimeHandlers?: readonly string[];
  readonly cgroupDriver?: CgroupDriver;
  /** NetworkReady false and no pod-network sandbox until UpdateRuntimeConfig gives a pod CIDR. */
  readonly waitForPodCidr?: boolean;
  /** The pod CIDR until UpdateRuntimeConfig sends one (10.88.0.0/16 unless told). */
  readonly podCidr?: string;
  readonly streamingHost?: string;
  readonly streamingPort?: number;
  /** Hears what the runtime cannot do for a container (a log file it cannot write). */
  readonly logger?: Logger;
  /** Containers of the Capstan image in hostNetwork pods run as real processes (docs/runtime-sim.md); the command's: this checkout's `capstan`. */
  readonly hostProcesses?: HostProcessSettings;
}

/** How long the containers that are real processes have to stop when the runtime stops. */
const hostProcessStopSeconds = 10;

export interface RunningRuntimeSim {
  readonly runtime: SimulatedRuntime;
  readonly socketPath: string;
  close(): Promise<void>;
}

/** Reads the lifecycles, then serves the runtime; a bad lifecycle file fails here, naming the file. */
export async function startRuntimeSim(options: RuntimeSimOptions): Promise<RunningRuntimeSim> {
  const declared = options.lifecyclesFile ? parseRuntimeSimFile(await readFile(options.lifecyclesFile, 'utf8'), options.lifecyclesFile) : undefined;
  const imageFs = join(resolve(options.rootDir), 'images');
  await mkdir(imageFs, { recursive: true, mode: 0o700 });
  const runtime = new SimulatedRuntime({
    settings: effectiveSettings(declared),
    imageFsMountpoint: imageFs,
    runtimeHandlers: ['', ...(options.runtimeHandlers ?? [])],
    cgroupDriver: options.cgroupDriver ?? 'CGROUPFS',
    waitForPodCidr: options.waitForPodCidr === true,
    ...(options.podCidr !== undefined && options.podCidr !== '' && { podCidr: options.podCidr }),
    ...(options.hostProcesses === undefined ? {} : { hostProcesses: options.hostProcesses }),
    logs: new LogWriter({ onError: (path, error) => options.logger?.warn({ path, err: error }, 'cannot write a container log') }),
  });
  const streaming = await ExecStreamingServer.listen(runtime, options.streamingHost ?? '127.0.0.1', options.streamingPort ?? 0);
  let server: CriServer;
  try {
    server = await serveCri(options.listen, criImplementation(runtime, streaming));
  } catch (error) {
    await streaming.close();
    runtime.close();
    throw error;
  }
  return {
    runtime,
    socketPath: server.socketPath,
    async close() {
      await server.close();
      await streaming.close();
      // Real processes get their grace period; simulated containers end at once.
      await runtime.stopHostProcesses(hostProcessStopSeconds);
      await runtime.flushLogs();
      runtime.close();
    },
  };
}

export async function runtimeSimCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f } = parseFlags(flags, argv);
  if (f.listen === '') throw new Error('--listen is required, e.g. --listen unix:///run/capstan/runtime-sim.sock');
  const [host, port] = splitHostPort(f['streaming-address']);
  const logger = createLogger({ name: 'runtime-sim' });
  const running = await startRuntimeSim({
    listen: f.listen,
    ...(f.lifecycles !== '' && { lifecyclesFile: f.lifecycles }),
    rootDir: f['root-dir'],
    runtimeHandlers: f['runtime-handlers'],
    cgroupDriver: f['cgroup-driver'] === 'systemd' ? 'SYSTEMD' : 'CGROUPFS',
    waitForPodCidr: f['wait-for-pod-cidr'],
    podCidr: f['pod-cidr'],
    streamingHost: host,
    streamingPort: port,
    logger,
    hostProcesses: thisCapstan(),
  });
  logger.info({ socket: running.socketPath, lifecycles: running.runtime.settings.lifecycles.map((l) => l.name) }, 'serving the simulated CRI runtime');
  out(`runtime-sim serving CRI v1 on unix://${running.socketPath}`);
  const signal = await new Promise<NodeJS.Signals>((done) => {
    process.once('SIGTERM', () => done('SIGTERM'));
    process.once('SIGINT', () => done('SIGINT'));
  });
  logger.info({ signal, containers: running.runtime.containerCount }, 'shutting down');
  await running.close();
  return 0;
}

function splitHostPort(address: string): [string, number] {
  const match = /^\[?([^\]]*)\]?:(\d+)$/.exec(address);
  if (match === null) throw new Error(`invalid --streaming-address "${address}": want host:port`);
  return [match[1] as string, Number(match[2])];
}

// startTestEnv: an isolated Capstan control plane for one test, as controller-runtime's envtest
// starts etcd and kube-apiserver: its own store (a copy of a freshly bootstrapped one, in memory
// under /dev/shm), a free 127.0.0.1 port, a kubeconfig, the CustomResourceDefinitions the test
// names installed and served, the controllers if asked; stop() leaves nothing running and no
// directory behind. Many run side by side in one process.

import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer } from './child-server.ts';
import { startControllersChild, type ControllersChild } from './controllers-child.ts';
import { readCrdManifests, type CustomResourceDefinitionObject } from './crd-manifests.ts';
import { startInProcessServer } from './in-process-server.ts';
import { installCrds } from './install-crds.ts';
import { kubeconfigOf } from './kubeconfig-file.ts';
import { defaultBaseDir, releaseScratchDir, scratchDir, sweepOrphans } from './scratch-dirs.ts';
import type { ServerSettings, StartedServer } from './started-server.ts';
import { snapshotDataDir, writeSnapshot, type StoreSnapshot } from './store-snapshot.ts';

export type TestEnvMode = 'in-process' | 'process';

export interface TestEnvOptions {
  /** in-process (the default: fastest, lightest) or process (`capstan apiserver` as a child). */
  readonly mode?: TestEnvMode;
  /** Files, or directories of .yaml/.yml/.json files, whose CustomResourceDefinitions are installed at start (envtest's CRDDirectoryPaths). */
  readonly crdDirectoryPaths?: readonly string[];
  /** CustomResourceDefinition objects installed at start (envtest's CRDs). */
  readonly crds?: readonly CustomResourceDefinitionObject[];
  /** Run `capstan controllers` against the server too (and keep ServiceAccount admission, since they make the `default` accounts). */
  readonly controllers?: boolean;
  /** --feature-gates pairs, e.g. ['CBORServingAndStorage=true']. */
  readonly featureGates?: readonly string[];
  /** --runtime-config pairs, e.g. ['batch/v1=false']. */
  readonly runtimeConfig?: readonly string[];
  /** More `capstan apiserver` flags: mode 'process' only. */
  readonly apiServerArgs?: readonly string[];
  /** Where the environment's directory goes: /dev/shm where there is one, the temporary directory otherwise. */
  readonly baseDir?: string;
  /** The in-process server's log level (pino's: trace ... fatal, silent); silent by default. */
  readonly logLevel?: string;
  /** Start from a copy of the first environment's freshly bootstrapped store (the default); false bootstraps every store anew. */
  readonly storeSnapshot?: boolean;
}

export interface TestEnv {
  /** https://127.0.0.1:<port> */
  readonly url: string;
  /** The kubeconfig's path, in the environment's directory. */
  readonly kubeconfigPath: string;
  /** The kubeconfig itself (JSON). */
  readonly kubeconfig: string;
  /** PEM of the authority the server's certificate chains to (this process trusts it from the start on). */
  readonly certificateAuthority: string;
  /** A bearer token of an administrator (group system:masters). */
  readonly token: string;
  /** The environment's directory: its store, kubeconfig and certificates; removed by stop(). */
  readonly dir: string;
  /** The process that serves the API: this one in the process. */
  readonly apiServerPid: number;
  /** The controllers' process, when they run. */
  readonly controllersPid: number | undefined;
  /** Stops what runs and removes the directory; once, whatever how often it is called. */
  stop(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** The stores of freshly bootstrapped servers, by the settings that change what a bootstrap writes. */
const snapshots = new Map<string, Promise<StoreSnapshot | undefined>>();

export async function startTestEnv(options: TestEnvOptions = {}): Promise<TestEnv> {
  const mode = options.mode ?? 'in-process';
  const apiServerArgs = options.apiServerArgs ?? [];
  if (mode === 'in-process' && apiServerArgs.length > 0) throw new Error('apiServerArgs are flags of a child `capstan apiserver`: give them with mode: "process"');
  const baseDir = options.baseDir ?? defaultBaseDir();
  // At every start: a test process killed a moment ago leaves its directories to the next one.
  sweepOrphans(baseDir);
  sweepOrphans(tmpdir());
  const crds = [...(options.crds ?? []), ...readCrdManifests(options.crdDirectoryPaths ?? [])];
  const settings: ServerSettings = {
    featureGates: options.featureGates ?? [],
    runtimeConfig: options.runtimeConfig ?? [],
    serviceAccountAdmission: options.controllers === true,
    logLevel: options.logLevel ?? 'silent',
    extraArgs: apiServerArgs,
  };
  const dir = scratchDir(baseDir);
  let server: StartedServer | undefined;
  let controllers: ControllersChild | undefined;
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      try {
        await controllers?.stop();
        await server?.stop();
      } finally {
        releaseScratchDir(dir);
      }
    })();
    return stopped;
  };
  try {
    // A child given a store of its own (etcd, or a data directory) has nothing to copy.
    const ownStore = apiServerArgs.some((arg) => arg.startsWith('--storage-backend') || arg.startsWith('--data-dir'));
    server = await startFromSnapshot(dir, mode, settings, options.storeSnapshot !== false && !ownStore);
    const kubeconfig = kubeconfigOf(server.url, server.certificateAuthority, server.token);
    const kubeconfigPath = join(dir, 'kubeconfig');
    writeFileSync(kubeconfigPath, kubeconfig, { mode: 0o600 });
    if (crds.length > 0) await installCrds(server.url, server.token, crds);
    if (options.controllers === true) controllers = await startControllersChild(kubeconfigPath, join(dir, 'controllers'));
    return {
      url: server.url,
      kubeconfigPath,
      kubeconfig,
      certificateAuthority: server.certificateAuthority,
      token: server.token,
      dir,
      apiServerPid: server.pid,
      controllersPid: controllers?.pid,
      stop,
      [Symbol.asyncDispose]: stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts the server on a copy of the snapshot of its settings, or, the first time, on an empty
 * store whose snapshot is taken once it is ready (before anything of the test is in it). Starts
 * that come while the first is bootstrapping wait for its snapshot rather than bootstrap too.
 */
async function startFromSnapshot(dir: string, mode: TestEnvMode, settings: ServerSettings, useSnapshot: boolean): Promise<StartedServer> {
  const start = mode === 'in-process' ? startInProcessServer : startChildServer;
  if (!useSnapshot) return start(dir, settings);
  const key = JSON.stringify([settings.featureGates, settings.runtimeConfig, settings.extraArgs]);
  const snapshot = await snapshots.get(key);
  if (snapshot !== undefined) {
    writeSnapshot(snapshot, join(dir, 'data'));
    return start(dir, settings);
  }
  let taken: (snapshot: StoreSnapshot | undefined) => void = () => {};
  snapshots.set(key, new Promise((resolve) => (taken = resolve)));
  let server: StartedServer;
  try {
    server = await start(dir, settings);
  } catch (error) {
    // Whoever waits bootstraps on its own; the next start tries to take a snapshot again.
    snapshots.delete(key);
    taken(undefined);
    throw error;
  }
  try {
    taken(snapshotDataDir(server.dataDir));
  } catch (error) {
    snapshots.delete(key);
    taken(undefined);
    await server.stop();
    throw error;
  }
  return server;
}

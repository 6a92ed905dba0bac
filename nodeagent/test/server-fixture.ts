// A node for the tests of the agent's server: a temporary root directory, a real CRI peer (serveCri
// with a small in-test runtime: container states, log files, checkpoints, exec URLs), a pod
// directory the test fills, client certificates from an authority of its own, and the agent's
// server started on 127.0.0.1 with a free port from real agent flags.

import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExecutionContext } from 'ava';
import { issueCertificate } from '@capstan/common';
import { loadAgentConfiguration } from '../src/config/index.ts';
import {
  CriError,
  CriRuntimeClient,
  GrpcStatus,
  serveCri,
  type CheckpointContainerRequest,
  type CriImplementation,
  type ExecRequest,
  type PortForwardRequest,
} from '../src/cri/index.ts';
import { podFullName, type PodContainerRef, type PodDirectory, type PodRef } from '../src/pods/pod-directory.ts';
import { startAgentServer, type AgentServer } from '../src/server/index.ts';

export const token = 'agent-server-test-token';

export interface TestContainer extends PodContainerRef {
  /** The state the runtime reports. */
  state: 'CONTAINER_RUNNING' | 'CONTAINER_EXITED';
}

export interface TestPod {
  readonly namespace: string;
  readonly name: string;
  readonly containerNames: readonly string[];
  /** Current instances by container name. */
  readonly containers: Map<string, TestContainer>;
  readonly previous: Map<string, TestContainer>;
}

/** What the in-test runtime does with CheckpointContainer. */
export type CheckpointBehaviour = { readonly kind: 'write' } | { readonly kind: 'fail'; readonly code: GrpcStatus; readonly message: string };

export interface TestNode {
  readonly dir: string;
  readonly rootDir: string;
  readonly certDir: string;
  readonly tokenFile: string;
  readonly pods: Map<string, TestPod>;
  readonly directory: PodDirectory;
  /** The requests the runtime received. */
  readonly checkpoints: CheckpointContainerRequest[];
  readonly execs: ExecRequest[];
  readonly portForwards: PortForwardRequest[];
  /** How many ContainerStatus calls the runtime answered. */
  readonly statusCalls: () => number;
  checkpoint: CheckpointBehaviour;
  /** The URL CRI Exec and PortForward answer (the test's streaming server). */
  execUrl: string;
  /** What CRI Exec and PortForward fail with instead, when set. */
  execFailure: CriError | undefined;
  /** Adds a pod whose containers run, each with a log file under the test directory. */
  addPod(namespace: string, name: string, containers: readonly string[]): TestPod;
  logPath(pod: string, container: string, attempt?: number): string;
  /** A CRI socket whose runtime lacks CheckpointContainer and Attach: gRPC's UNIMPLEMENTED, as Debian's containerd answers. */
  readonly bareRuntime: CriRuntimeClient;
  readonly runtime: CriRuntimeClient;
  /** Starts the agent's server with these agent flags (after the test's root and cert directories). */
  start(flags?: readonly string[], runtime?: CriRuntimeClient): Promise<AgentServer>;
  readonly clientAuthority: TestAuthority;
  readonly rogueAuthority: TestAuthority;
  readonly clientCAFile: string;
}

export interface TestAuthority {
  readonly certificate: string;
  /** A client certificate (clientAuth) it signs, with its key in PEM. */
  client(commonName: string, organizations?: readonly string[]): Promise<{ readonly cert: string; readonly key: string }>;
}

export async function testNode(t: ExecutionContext): Promise<TestNode> {
  const dir = mkdtempSync(join(tmpdir(), 'capstan-agent-server-'));
  const rootDir = join(dir, 'root');
  const certDir = join(dir, 'pki');
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${token}\n`);
  const clientAuthority = await authority('capstan-test-ca');
  const rogueAuthority = await authority('rogue-ca');
  const clientCAFile = join(dir, 'client-ca.crt');
  writeFileSync(clientCAFile, clientAuthority.certificate);

  const pods = new Map<string, TestPod>();
  const containersById = (): Map<string, TestContainer> => {
    const all = new Map<string, TestContainer>();
    for (const pod of pods.values()) for (const container of [...pod.containers.values(), ...pod.previous.values()]) all.set(container.id, container);
    return all;
  };
  const checkpoints: CheckpointContainerRequest[] = [];
  const execs: ExecRequest[] = [];
  const portForwards: PortForwardRequest[] = [];
  let ids = 0;
  let statusCalls = 0;

  const implementation: CriImplementation = {
    version: () => ({ version: '0.1.0', runtimeName: 'agent-server-test', runtimeVersion: '0.0.1', runtimeApiVersion: 'v1' }),
    containerStatus: ({ containerId }) => {
      statusCalls++;
      const container = containersById().get(containerId);
      if (container === undefined) throw new CriError(GrpcStatus.NOT_FOUND, `an error occurred when try to find container ${JSON.stringify(containerId)}: not found`);
      return {
        status: {
          id: container.id,
          metadata: { name: container.name, attempt: container.attempt },
          state: container.state,
          createdAt: 1_767_225_600_000_000_000,
          image: { image: 'busybox' },
          imageRef: 'sha256:0000000000000000000000000000000000000000000000000000000000000000',
          logPath: container.logPath,
        },
      };
    },
    checkpointContainer: (request) => {
      checkpoints.push(request);
      const behaviour = node.checkpoint;
      if (behaviour.kind === 'fail') throw new CriError(behaviour.code, behaviour.message);
      writeFileSync(request.location, 'checkpoint archive\n', { mode: 0o600 });
      return {};
    },
    exec: (request) => {
      execs.push(request);
      if (node.execFailure !== undefined) throw node.execFailure;
      return { url: node.execUrl };
    },
    // One ready sandbox per pod, `sandbox-<namespace>-<name>`, found by the pod's uid label.
    listPodSandbox: ({ filter }) => ({
      items: [...pods.values()]
        .filter((pod) => filter?.labelSelector?.['io.kubernetes.pod.uid'] === undefined || filter.labelSelector['io.kubernetes.pod.uid'] === `uid-${pod.namespace}-${pod.name}`)
        .map((pod) => ({
          id: `sandbox-${pod.namespace}-${pod.name}`,
          metadata: { name: pod.name, namespace: pod.namespace, uid: `uid-${pod.namespace}-${pod.name}`, attempt: 0 },
          state: 'SANDBOX_READY' as const,
          createdAt: 1,
        })),
    }),
    portForward: (request) => {
      portForwards.push(request);
      if (node.execFailure !== undefined) throw node.execFailure;
      return { url: node.execUrl };
    },
  };
  const socket = await serveCri(join(dir, 'cri.sock'), implementation);
  const bare = await serveCri(join(dir, 'bare.sock'), { version: implementation.version, containerStatus: implementation.containerStatus } as CriImplementation);
  const runtime = await CriRuntimeClient.connect(`unix://${socket.socketPath}`);
  const bareRuntime = await CriRuntimeClient.connect(`unix://${bare.socketPath}`);
  const servers: AgentServer[] = [];
  t.teardown(async () => {
    for (const server of servers) await server.close();
    runtime.close();
    bareRuntime.close();
    await socket.close(0);
    await bare.close(0);
    rmSync(dir, { recursive: true, force: true });
  });

  const directory: PodDirectory = {
    findPod: (namespace, name): PodRef | undefined => {
      const pod = pods.get(`${namespace}/${name}`);
      return pod === undefined ? undefined : { namespace, name, uid: `uid-${namespace}-${name}`, fullName: podFullName(name, namespace), containerNames: pod.containerNames };
    },
    findContainer: (namespace, name, container, options) => {
      const pod = pods.get(`${namespace}/${name}`);
      return (options?.previous === true ? pod?.previous : pod?.containers)?.get(container);
    },
    listPods: () =>
      [...pods.values()].map((pod) => ({
        metadata: { name: pod.name, namespace: pod.namespace, uid: `uid-${pod.namespace}-${pod.name}` },
        spec: { containers: pod.containerNames.map((name) => ({ name, image: 'busybox' })) },
      })),
  };

  const node: TestNode = {
    dir,
    rootDir,
    certDir,
    tokenFile,
    pods,
    directory,
    checkpoints,
    execs,
    portForwards,
    statusCalls: () => statusCalls,
    checkpoint: { kind: 'write' },
    execUrl: 'http://127.0.0.1:1/exec/nothing',
    execFailure: undefined,
    logPath: (pod, container, attempt = 0) => join(dir, 'logs', pod, container, `${attempt}.log`),
    addPod(namespace, name, containerNames) {
      const containers = new Map<string, TestContainer>();
      for (const container of containerNames) {
        const logPath = node.logPath(name, container);
        mkdirSync(join(logPath, '..'), { recursive: true });
        writeFileSync(logPath, '');
        containers.set(container, { id: `c${++ids}`, name: container, logPath, attempt: 0, running: true, state: 'CONTAINER_RUNNING' });
      }
      const pod: TestPod = { namespace, name, containerNames, containers, previous: new Map() };
      pods.set(`${namespace}/${name}`, pod);
      return pod;
    },
    runtime,
    bareRuntime,
    async start(flags = [], withRuntime = runtime) {
      const configuration = loadAgentConfiguration([`--root-dir=${rootDir}`, `--cert-dir=${certDir}`, '--hostname-override=node-a', ...flags]);
      const server = await startAgentServer({ configuration, runtime: withRuntime, pods: directory, listen: { host: '127.0.0.1', port: 0 } });
      servers.push(server);
      return server;
    },
    clientAuthority,
    rogueAuthority,
    clientCAFile,
  };
  return node;
}

async function authority(commonName: string): Promise<TestAuthority> {
  const keys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const name = { commonName };
  const notBefore = new Date(Date.now() - 60_000);
  const notAfter = new Date(Date.now() + 3_600_000);
  const issued = await issueCertificate(
    { serialNumber: 1, subject: name, notBefore, notAfter, publicKey: keys.publicKey, keyUsage: ['digitalSignature', 'keyCertSign'], isCA: true },
    { name, privateKey: keys.privateKey },
  );
  const signer = { name, privateKey: keys.privateKey as KeyObject, ...(issued.subjectKeyId === undefined ? {} : { subjectKeyId: issued.subjectKeyId }) };
  let serial = 1;
  return {
    certificate: issued.pem,
    async client(clientName, organizations = []) {
      const clientKeys = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const cert = await issueCertificate(
        {
          serialNumber: ++serial,
          subject: { commonName: clientName, organizations },
          notBefore,
          notAfter,
          publicKey: clientKeys.publicKey,
          keyUsage: ['digitalSignature'],
          extendedKeyUsage: ['clientAuth'],
        },
        signer,
      );
      return { cert: cert.pem, key: clientKeys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() };
    },
  };
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface CallOptions {
  readonly method?: string;
  readonly token?: string;
  readonly cert?: string;
  readonly key?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

/** One request to the agent's server (its certificate is not checked here), the whole answer read. */
export function call(server: AgentServer, path: string, options: CallOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request({
      host: '127.0.0.1',
      port: server.port,
      path,
      method: options.method ?? 'GET',
      rejectUnauthorized: false,
      agent: false,
      headers: { ...(options.token === undefined ? {} : { authorization: `Bearer ${options.token}` }), ...options.headers },
      ...(options.cert === undefined ? {} : { cert: options.cert, key: options.key }),
    });
    outgoing.once('response', (answer) => {
      let body = '';
      answer.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      answer.once('end', () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
      answer.once('error', reject);
    });
    outgoing.once('error', reject);
    outgoing.end();
  });
}

/** A CRI log line as containerd writes one. */
export const criLine = (time: string, stream: 'stdout' | 'stderr', tag: 'F' | 'P', content: string): string => `${time} ${stream} ${tag} ${content}\n`;

// CRI v1 over gRPC end to end: serveCri on a unix socket with an in-test runtime, driven through
// CriRuntimeClient and CriImageClient. Every method carries requests and responses with every
// declared field set, so a field missing from a declaration fails; and the same messages as Go's
// k8s.io/cri-api v0.35.0 marshals them (cri-wire-go.json, made once by a Go program outside the
// repo from these fixtures: regenerate it when they change) must read back as the fixtures, so a
// wrong field number or wire type fails too.

import test from 'ava';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import protobuf from 'protobufjs';
import {
  CriError,
  CriImageClient,
  CriResponseError,
  CriRuntimeClient,
  GrpcStatus,
  criSocketPath,
  serveCri,
  type CriCall,
  type CriImplementation,
  type CriServer,
} from '../src/cri/index.ts';
import { imageServiceMethods, runtimeServiceMethods, type CriMethod } from '../src/cri/runtime-v1.ts';
import { containerEvent, imageCases, runtimeCases } from './cri-fixtures.ts';

const cases: Readonly<Record<string, { readonly request: object; readonly response: object }>> = { ...runtimeCases, ...imageCases };
const allMethods: readonly CriMethod[] = [...Object.values(runtimeServiceMethods), ...Object.values(imageServiceMethods)];
const lowerFirst = (name: string): string => `${name[0]?.toLowerCase()}${name.slice(1)}`;

async function socketDir(): Promise<{ path: string; [Symbol.asyncDispose](): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'capstan-cri-'));
  return { path, [Symbol.asyncDispose]: () => rm(path, { recursive: true, force: true }) };
}

/** The dotted paths of the declared fields that `value` leaves at their zero value. */
function zeroFields(value: Record<string, unknown>, type: protobuf.Type, path = type.name): string[] {
  const zero: string[] = [];
  for (const field of type.fieldsArray) {
    field.resolve();
    const fieldPath = `${path}.${field.name}`;
    const fieldValue = value[field.name];
    const messageType = field.resolvedType instanceof protobuf.Type ? field.resolvedType : undefined;
    if (field.map) {
      if (Object.keys((fieldValue ?? {}) as object).length === 0) zero.push(fieldPath);
    } else if (field.repeated) {
      const items = (fieldValue ?? []) as readonly unknown[];
      if (items.length === 0) zero.push(fieldPath);
      if (messageType !== undefined) items.forEach((item, index) => zero.push(...zeroFields(item as Record<string, unknown>, messageType, `${fieldPath}[${index}]`)));
    } else if (messageType !== undefined) {
      if (fieldValue === null || fieldValue === undefined) zero.push(fieldPath);
      else zero.push(...zeroFields(fieldValue as Record<string, unknown>, messageType, fieldPath));
    } else if (field.resolvedType instanceof protobuf.Enum) {
      if (fieldValue === undefined || field.resolvedType.values[fieldValue as string] === 0) zero.push(fieldPath);
    } else if (fieldValue === undefined || fieldValue === '' || fieldValue === 0 || fieldValue === false || (fieldValue instanceof Uint8Array && fieldValue.length === 0)) {
      zero.push(fieldPath);
    }
  }
  return zero;
}

/** Request and response messages of methods without fields are empty; every other field is set. */
test('the fixtures set every declared field of every request and response', (t) => {
  for (const method of allMethods) {
    const fixture = cases[method.name];
    if (fixture === undefined) {
      t.fail(`no fixture for ${method.name}`);
      continue;
    }
    t.deepEqual(zeroFields(fixture.request as Record<string, unknown>, method.request.type), [], method.name);
    t.deepEqual(zeroFields(fixture.response as Record<string, unknown>, method.response.type), [], method.name);
  }
  t.is(allMethods.length, 35);
});

test("the declarations read what Go's k8s.io/cri-api v0.35.0 writes, and write as much", async (t) => {
  const golden = JSON.parse(await readFile(new URL('./cri-wire-go.json', import.meta.url), 'utf8')) as Record<string, { request: string; response: string }>;
  t.deepEqual(Object.keys(golden).sort(), allMethods.map((method) => method.name).sort());
  for (const method of allMethods) {
    const fixture = cases[method.name]!;
    for (const [codec, value, base64] of [
      [method.request, fixture.request, golden[method.name]!.request],
      [method.response, fixture.response, golden[method.name]!.response],
    ] as const) {
      const goBytes = Buffer.from(base64, 'base64');
      t.deepEqual(codec.decode(goBytes), value, `${codec.type.name} written by Go`);
      // Same length: the same fields with the same wire types and packing (maps may be in another order).
      t.is(codec.encode(value).length, goBytes.length, `${codec.type.name} length`);
    }
  }
});

/** An implementation of every method that records the request and answers the method's fixture. */
function echoImplementation(received: Map<string, unknown>): CriImplementation {
  const implementation: Record<string, (request: unknown, call: CriCall) => unknown> = {};
  for (const method of allMethods) {
    const fixture = cases[method.name]!;
    implementation[lowerFirst(method.name)] = method.responseStream
      ? async function* (request: unknown) {
          received.set(method.name, request);
          yield fixture.response;
          yield { ...fixture.response, containerEventType: 'CONTAINER_DELETED_EVENT' };
        }
      : (request: unknown) => {
          received.set(method.name, request);
          return fixture.response;
        };
  }
  return implementation as CriImplementation;
}

test('every method carries every field of its request and its response through the socket', async (t) => {
  await using dir = await socketDir();
  const received = new Map<string, unknown>();
  const server = await serveCri(join(dir.path, 'runtime.sock'), echoImplementation(received));
  t.teardown(() => server.close());
  t.true((await stat(server.socketPath)).isSocket());
  const endpoint = `unix://${server.socketPath}`;
  const runtime = await CriRuntimeClient.connect(endpoint);
  const images = await CriImageClient.connect(endpoint);
  t.teardown(() => {
    runtime.close();
    images.close();
  });

  for (const method of allMethods) {
    const fixture = cases[method.name]!;
    if (method.responseStream) continue;
    const client = (method.name in imageCases ? images : runtime) as unknown as Record<string, (request: object) => Promise<unknown>>;
    const response = await client[lowerFirst(method.name)]!(fixture.request);
    t.deepEqual(received.get(method.name), fixture.request, `${method.name} request`);
    t.deepEqual(response, fixture.response, `${method.name} response`);
  }

  const events = [];
  for await (const event of runtime.getContainerEvents()) events.push(event);
  t.deepEqual(received.get('GetContainerEvents'), {});
  t.deepEqual(events, [containerEvent, { ...containerEvent, containerEventType: 'CONTAINER_DELETED_EVENT' }]);
});

test('absent fields read as zero values and absent messages as null', async (t) => {
  await using dir = await socketDir();
  const received = new Map<string, unknown>();
  const server = await serveCri(join(dir.path, 'runtime.sock'), {
    containerStatus: (request) => {
      received.set('ContainerStatus', request);
      return {};
    },
    listContainers: () => ({ containers: [{ id: 'bare' }] }),
  });
  t.teardown(() => server.close());
  const runtime = new CriRuntimeClient(`unix://${server.socketPath}`);
  t.teardown(() => runtime.close());

  t.deepEqual(await runtime.containerStatus({ containerId: 'x' }), { status: null, info: {} });
  t.deepEqual(received.get('ContainerStatus'), { containerId: 'x', verbose: false });
  t.deepEqual(await runtime.listContainers(), {
    containers: [{ id: 'bare', podSandboxId: '', metadata: null, image: null, imageRef: '', state: 'CONTAINER_CREATED', createdAt: 0, labels: {}, annotations: {}, imageId: '' }],
  });
});

test('a method the implementation leaves out answers UNIMPLEMENTED as Go runtimes do', async (t) => {
  await using dir = await socketDir();
  const server = await serveCri(join(dir.path, 'runtime.sock'), {});
  t.teardown(() => server.close());
  const runtime = new CriRuntimeClient(`unix://${server.socketPath}`);
  const images = new CriImageClient(`unix://${server.socketPath}`);
  t.teardown(() => {
    runtime.close();
    images.close();
  });

  const error = await t.throwsAsync(runtime.checkpointContainer({ containerId: 'c1', location: '/tmp/c1.tar' }), { instanceOf: CriError });
  t.is(error.code, GrpcStatus.UNIMPLEMENTED);
  t.is(error.details, 'method CheckpointContainer not implemented');
  t.is(error.method, 'CheckpointContainer');
  t.is(error.message, 'rpc error: code = Unimplemented desc = method CheckpointContainer not implemented');
  t.true(CriError.is(error, GrpcStatus.UNIMPLEMENTED));

  const pull = await t.throwsAsync(images.pullImage({ image: { image: 'busybox' } }), { instanceOf: CriError });
  t.is(pull.code, GrpcStatus.UNIMPLEMENTED);

  const stream = runtime.getContainerEvents();
  const streamError = await t.throwsAsync(stream.next(), { instanceOf: CriError });
  t.is(streamError.message, 'rpc error: code = Unimplemented desc = method GetContainerEvents not implemented');
});

test('errors thrown by the implementation reach the client with their code', async (t) => {
  await using dir = await socketDir();
  const server = await serveCri(join(dir.path, 'runtime.sock'), {
    podSandboxStatus: async ({ podSandboxId }) => {
      throw new CriError(GrpcStatus.NOT_FOUND, `an error occurred when try to find sandbox "${podSandboxId}": not found`);
    },
    removeContainer: () => {
      throw new Error('failed to remove container: device or resource busy');
    },
  });
  t.teardown(() => server.close());
  const runtime = new CriRuntimeClient(`unix://${server.socketPath}`);
  t.teardown(() => runtime.close());

  const notFound = await t.throwsAsync(runtime.podSandboxStatus({ podSandboxId: 'gone' }), { instanceOf: CriError });
  t.is(notFound.code, GrpcStatus.NOT_FOUND);
  t.is(notFound.message, 'rpc error: code = NotFound desc = an error occurred when try to find sandbox "gone": not found');
  const unknown = await t.throwsAsync(runtime.removeContainer({ containerId: 'busy' }), { instanceOf: CriError });
  t.is(unknown.code, GrpcStatus.UNKNOWN);
  t.is(unknown.details, 'failed to remove container: device or resource busy');
});

test('a call past its deadline fails with DEADLINE_EXCEEDED and aborts the implementation', async (t) => {
  await using dir = await socketDir();
  let serverSignal: AbortSignal | undefined;
  let deadline = 0;
  const server = await serveCri(join(dir.path, 'runtime.sock'), {
    execSync: (_request, call) => {
      serverSignal = call.signal;
      deadline = call.deadline;
      return new Promise(() => {});
    },
  });
  t.teardown(() => server.close(0));
  const runtime = new CriRuntimeClient(`unix://${server.socketPath}`, { requestTimeoutMs: 200 });
  t.teardown(() => runtime.close());

  const started = Date.now();
  // timeout 1 s: the kubelet's deadline is the command's timeout plus the request timeout.
  const error = await t.throwsAsync(runtime.execSync({ containerId: 'c', cmd: ['sleep', '9'], timeout: 1 }), { instanceOf: CriError });
  const elapsed = Date.now() - started;
  t.is(error.code, GrpcStatus.DEADLINE_EXCEEDED);
  t.true(elapsed >= 1100 && elapsed < 3000, `${elapsed} ms`);
  t.true(deadline >= started + 1100 && deadline <= started + 1300, `deadline ${deadline - started} ms after the start`);
  await waitFor(() => serverSignal?.aborted === true);
  t.true(serverSignal?.aborted);

  const overridden = Date.now();
  await t.throwsAsync(runtime.execSync({ containerId: 'c', cmd: ['true'] }, { timeoutMs: 100 }), { instanceOf: CriError });
  t.true(Date.now() - overridden < 1000);
});

test('an aborted signal cancels a call with CANCELLED', async (t) => {
  await using dir = await socketDir();
  const server = await serveCri(join(dir.path, 'runtime.sock'), { stopContainer: () => new Promise(() => {}) });
  t.teardown(() => server.close(0));
  const runtime = new CriRuntimeClient(`unix://${server.socketPath}`);
  t.teardown(() => runtime.close());

  const controller = new AbortController();
  setTimeout(() => controller.abort(), 50);
  const error = await t.throwsAsync(runtime.stopContainer({ containerId: 'c', timeout: 30 }, { signal: controller.signal }), { instanceOf: CriError });
  t.is(error.code, GrpcStatus.CANCELLED);
  const already = await t.throwsAsync(runtime.startContainer({ containerId: 'c' }, { signal: controller.signal }), { instanceOf: CriError });
  t.is(already.code, GrpcStatus.CANCELLED);
});

test('container events stream until the client aborts, which ends the implementation', async (t) => {
  await using dir = await socketDir();
  let finished = false;
  const server = await serveCri(join(dir.path, 'runtime.sock'), {
    getContainerEvents: async function* (_request, call) {
      try {
        for (let n = 0; !call.signal.aborted; n++) {
          yield { containerId: `c${n}`, containerEventType: 'CONTAINER_STARTED_EVENT', createdAt: n };
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      } finally {
        finished = true;
      }
    },
  });
  t.teardown(() => server.close());
  const runtime = new CriRuntimeClient(`unix://${server.socketPath}`);
  t.teardown(() => runtime.close());

  const controller = new AbortController();
  const ids: string[] = [];
  for await (const event of runtime.getContainerEvents({}, { signal: controller.signal })) {
    ids.push(event.containerId);
    if (ids.length === 5) controller.abort();
  }
  t.deepEqual(ids, ['c0', 'c1', 'c2', 'c3', 'c4']);
  await waitFor(() => finished);
  t.true(finished);
});

test('the kubelet refuses answers that lack required fields', async (t) => {
  await using dir = await socketDir();
  const server = await serveCri(join(dir.path, 'runtime.sock'), {
    version: () => ({ version: '0.1.0', runtimeName: 'sim' }),
    podSandboxStatus: () => ({ status: { id: 'p', metadata: { name: 'web', namespace: 'default', uid: 'u' } } }),
    containerStatus: () => ({ status: { id: 'c', metadata: { name: 'app' }, createdAt: 1, image: { image: 'busybox' } } }),
    imageStatus: () => ({ image: { id: 'sha256:1' } }),
    pullImage: () => ({}),
  });
  t.teardown(() => server.close());
  const endpoint = `unix://${server.socketPath}`;
  const runtime = new CriRuntimeClient(endpoint);
  const images = new CriImageClient(endpoint);
  t.teardown(() => {
    runtime.close();
    images.close();
  });

  const version = await t.throwsAsync(runtime.version(), { instanceOf: CriResponseError });
  t.is(version.message, 'not all fields are set in VersionResponse (missing RuntimeApiVersion, RuntimeVersion)');
  const connect = await t.throwsAsync(CriRuntimeClient.connect(endpoint));
  t.is(
    connect.message,
    `validate service connection: validate CRI v1 runtime API for endpoint "${endpoint}": not all fields are set in VersionResponse (missing RuntimeApiVersion, RuntimeVersion)`,
  );
  await t.throwsAsync(runtime.podSandboxStatus({ podSandboxId: 'p' }), { instanceOf: CriResponseError, message: 'status.CreatedAt is not set' });
  await t.throwsAsync(runtime.containerStatus({ containerId: 'c' }), { instanceOf: CriResponseError, message: 'status.ImageRef is not set' });
  await t.throwsAsync(images.imageStatus({ image: { image: 'busybox' } }), { instanceOf: CriResponseError, message: 'Id or size of image "busybox" is not set' });
  await t.throwsAsync(images.pullImage({ image: { image: 'busybox' } }), { instanceOf: CriResponseError, message: 'imageRef of image "busybox" is not set' });
});

test('a socket without a runtime fails with UNAVAILABLE, and connect says which endpoint', async (t) => {
  await using dir = await socketDir();
  const endpoint = `unix://${join(dir.path, 'absent.sock')}`;
  const runtime = new CriRuntimeClient(endpoint, { requestTimeoutMs: 2000 });
  t.teardown(() => runtime.close());
  const error = await t.throwsAsync(runtime.version(), { instanceOf: CriError });
  t.is(error.code, GrpcStatus.UNAVAILABLE);
  const connect = await t.throwsAsync(CriImageClient.connect(endpoint, { requestTimeoutMs: 2000 }));
  t.regex(connect.message, new RegExp(`^validate service connection: validate CRI v1 image API for endpoint "${endpoint}": rpc error: code = Unavailable desc = `));
});

test('serveCri replaces a stale socket file and removes its socket on close', async (t) => {
  await using dir = await socketDir();
  const path = join(dir.path, 'nested', 'runtime.sock');
  const first: CriServer = await serveCri(path, { version: () => runtimeCases.Version.response });
  // A runtime that died leaves its socket behind: the next one binds anyway.
  const second = await serveCri(`unix://${path}`, { version: () => ({ ...runtimeCases.Version.response, runtimeName: 'second' }) });
  const runtime = new CriRuntimeClient(`unix://${path}`);
  t.teardown(() => runtime.close());
  t.is((await runtime.version()).runtimeName, 'second');
  await second.close();
  await first.close();
  await t.throwsAsync(stat(path), { code: 'ENOENT' });

  await writeFile(path, 'not a socket');
  const third = await serveCri(path, {});
  t.true((await stat(path)).isSocket());
  await third.close();
});

test('endpoints are read as the kubelet reads containerRuntimeEndpoint', (t) => {
  t.is(criSocketPath('unix:///run/containerd/containerd.sock'), '/run/containerd/containerd.sock');
  t.is(criSocketPath('unix:///var/run/crio/crio.sock'), '/var/run/crio/crio.sock');
  t.is(criSocketPath('/run/containerd/containerd.sock'), '/run/containerd/containerd.sock');
  t.is(criSocketPath('unix:///tmp/with%20space.sock'), '/tmp/with space.sock');
  t.throws(() => criSocketPath('tcp://127.0.0.1:2375'), { message: 'only support unix socket endpoint' });
  t.throws(() => criSocketPath('npipe:////./pipe/containerd-containerd'), { message: 'protocol "npipe" not supported' });
});

test('int64 fields are numbers: nanosecond timestamps, negative values and ids above 2^31 come back as sent', (t) => {
  const { request, response } = runtimeServiceMethods.StopContainer;
  t.deepEqual(request.decode(request.encode({ containerId: 'c', timeout: -1 })), { containerId: 'c', timeout: -1 });
  const status = runtimeServiceMethods.ContainerStatus.response;
  const createdAt = Date.parse('2025-06-01T12:00:00.123Z') * 1e6;
  const decoded = status.decode(status.encode({ status: { createdAt, exitCode: -1 } }));
  t.is(decoded.status?.createdAt, createdAt);
  t.is(decoded.status?.exitCode, -1);
  t.deepEqual(response.decode(Buffer.alloc(0)), {});
  // A wrapper present with 0 (root) is not an absent one (the image's user).
  const sandbox = runtimeServiceMethods.RunPodSandbox.request;
  const root = sandbox.decode(sandbox.encode({ config: { linux: { securityContext: { runAsUser: { value: 0 } } } } }));
  t.deepEqual(root.config?.linux?.securityContext?.runAsUser, { value: 0 });
  t.is(root.config?.linux?.securityContext?.runAsGroup, null);
  // proto3 packs repeated scalars: field 5, wire type 2, then the varints.
  const bytes = sandbox.encode({ config: { linux: { securityContext: { supplementalGroups: [1, 2 ** 31] } } } });
  t.true(bytes.includes(Buffer.from([0x2a, 0x06, 0x01, 0x80, 0x80, 0x80, 0x80, 0x08])));
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10));
}

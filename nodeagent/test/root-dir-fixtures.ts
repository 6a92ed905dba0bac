// A device plugin and plugin-registry plugins as third parties write them: plain @grpc/grpc-js
// servers and clients speaking the public APIs (deviceplugin v1beta1, pluginregistration,
// podresources v1) through the agent's declarations of their messages.

import { Client, credentials, Server, ServerCredentials, type ServerWritableStream, type sendUnaryData, type ServerUnaryCall } from '@grpc/grpc-js';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { devicePluginV1beta1, type AllocateRequest, type ContainerAllocateResponse, type Device, type RegisterRequest } from '../src/root-dir/api/device-plugin-v1beta1.ts';
import { serviceDefinition, type ServiceMethods } from '../src/root-dir/api/grpc-package.ts';
import { pluginRegistrationV1, type PluginInfo, type RegistrationStatus } from '../src/root-dir/api/plugin-registration-v1.ts';

const target = (socketPath: string): string => `unix://${socketPath}`;

async function bind(server: Server, socketPath: string): Promise<void> {
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => server.bindAsync(target(socketPath), ServerCredentials.createInsecure(), (error) => (error === null ? resolve() : reject(error))));
}

/** One unary call of a service over a unix socket, as any gRPC client makes it. */
export function call<Response>(socketPath: string, methods: ServiceMethods, method: string, request: object): Promise<Response> {
  const definition = methods[method];
  if (definition === undefined) throw new Error(`no method ${method}`);
  const client = new Client(target(socketPath), credentials.createInsecure());
  return new Promise<Response>((resolve, reject) => {
    client.makeUnaryRequest(
      definition.path,
      definition.request.encode as (value: object) => Buffer,
      definition.response.decode as (bytes: Buffer) => Response,
      request,
      (error, response) => {
        client.close();
        if (error !== null) reject(error);
        else resolve(response as Response);
      },
    );
  });
}

export interface TestDevicePlugin {
  readonly socketPath: string;
  /** The ListAndWatch calls the agent made. */
  readonly watchers: number;
  /** The device ids of each Allocate call, per container request. */
  readonly allocations: readonly (readonly string[])[][];
  /** Sends a new device list on every open ListAndWatch stream. */
  push(devices: readonly Device[]): void;
  /** Registers with the agent on <dir>/kubelet.sock. */
  register(request?: Partial<RegisterRequest>): Promise<void>;
  close(): Promise<void>;
}

/** Answers Allocate for one container's devices (none: an empty answer). */
export type AllocateAnswer = (deviceIds: readonly string[]) => Partial<ContainerAllocateResponse>;

/** A device plugin serving DevicePlugin on <dir>/<name>.sock, advertising `devices`. */
export async function startDevicePlugin(
  dir: string,
  name: string,
  resourceName: string,
  devices: readonly Device[],
  socketPath = join(dir, `${name}.sock`),
  allocate?: AllocateAnswer,
): Promise<TestDevicePlugin> {
  let current = devices;
  const streams = new Set<ServerWritableStream<unknown, unknown>>();
  let watchers = 0;
  const allocations: string[][][] = [];
  const server = new Server();
  server.addService(serviceDefinition(devicePluginV1beta1.DevicePlugin), {
    GetDevicePluginOptions: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) =>
      callback(null, { preStartRequired: false, getPreferredAllocationAvailable: false }),
    ListAndWatch: (stream: ServerWritableStream<unknown, unknown>) => {
      watchers++;
      streams.add(stream);
      stream.on('cancelled', () => streams.delete(stream));
      stream.write({ devices: current });
    },
    GetPreferredAllocation: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => callback(null, { containerResponses: [] }),
    Allocate: (call: ServerUnaryCall<AllocateRequest, unknown>, callback: sendUnaryData<unknown>) => {
      allocations.push(call.request.containerRequests.map((request) => [...request.devicesIds]));
      callback(null, { containerResponses: call.request.containerRequests.map((request) => allocate?.(request.devicesIds) ?? {}) });
    },
    PreStartContainer: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => callback(null, {}),
  });
  await bind(server, socketPath);
  return {
    socketPath,
    get watchers() {
      return watchers;
    },
    allocations,
    push(next) {
      current = next;
      for (const stream of streams) stream.write({ devices: next });
    },
    register: (request = {}) =>
      call(join(dir, 'kubelet.sock'), devicePluginV1beta1.Registration, 'Register', { version: 'v1beta1', endpoint: `${name}.sock`, resourceName, options: {}, ...request }).then(
        () => {},
      ),
    async close() {
      for (const stream of streams) stream.end();
      server.forceShutdown();
      rmSync(socketPath, { force: true });
    },
  };
}

export interface TestRegistryPlugin {
  /** The NotifyRegistrationStatus calls received. */
  readonly statuses: RegistrationStatus[];
  close(): void;
}

/** A plugin's registration socket in plugins_registry/, answering GetInfo with `info`. */
export async function startRegistryPlugin(socketPath: string, info: PluginInfo): Promise<TestRegistryPlugin> {
  const statuses: RegistrationStatus[] = [];
  const server = new Server();
  server.addService(serviceDefinition(pluginRegistrationV1.Registration), {
    GetInfo: (_call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => callback(null, info),
    NotifyRegistrationStatus: (call: ServerUnaryCall<unknown, unknown>, callback: sendUnaryData<unknown>) => {
      statuses.push(call.request as RegistrationStatus);
      callback(null, {});
    },
  });
  await bind(server, socketPath);
  return {
    statuses,
    close() {
      server.forceShutdown();
      rmSync(socketPath, { force: true });
    },
  };
}

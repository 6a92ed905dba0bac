// The agent's connection to one device plugin (the kubelet's device plugin client): dialed when the
// plugin registers, asked for its options, then watched with ListAndWatch until the stream ends,
// which means the plugin is gone.

import { CriConnection } from '../cri/cri-connection.ts';
import { CriError, GrpcStatus } from '../cri/cri-error.ts';
import {
  devicePluginV1beta1,
  type AllocateResponse,
  type ContainerAllocateResponse,
  type Device,
  type DevicePluginOptions,
  type ListAndWatchResponse,
} from './api/device-plugin-v1beta1.ts';
import { errorMessage } from '@capstan/common';

const { DevicePlugin } = devicePluginV1beta1;

/** The kubelet dials a plugin for at most 10 seconds. */
const dialTimeoutMs = 10_000;

export interface EndpointHandler {
  devicesChanged(endpoint: DevicePluginEndpoint, devices: readonly Device[]): void;
  disconnected(endpoint: DevicePluginEndpoint, error: unknown): void;
}

export class DevicePluginEndpoint {
  readonly resourceName: string;
  readonly socketPath: string;
  #connection: CriConnection | undefined;
  readonly #stop = new AbortController();

  private constructor(resourceName: string, socketPath: string) {
    this.resourceName = resourceName;
    this.socketPath = socketPath;
    this.#connection = new CriConnection(socketPath, { requestTimeoutMs: dialTimeoutMs });
  }

  /** Dials the plugin and reads its options; throws with the kubelet's words when it cannot. */
  static async connect(resourceName: string, socketPath: string): Promise<{ endpoint: DevicePluginEndpoint; options: DevicePluginOptions }> {
    const endpoint = new DevicePluginEndpoint(resourceName, socketPath);
    try {
      const options = await endpoint.#call<DevicePluginOptions>('GetDevicePluginOptions', {});
      return { endpoint, options };
    } catch (error) {
      endpoint.close();
      const unreachable = error instanceof CriError && (error.code === GrpcStatus.UNAVAILABLE || error.code === GrpcStatus.DEADLINE_EXCEEDED);
      throw new Error(`${unreachable ? 'failed to dial device plugin:' : 'failed to get device plugin options:'} ${errorMessage(error)}`, { cause: error });
    }
  }

  /** Calls a unary method of the plugin. */
  #call<Response>(method: keyof typeof DevicePlugin & string, request: object): Promise<Response> {
    const connection = this.#connection;
    if (connection === undefined) return Promise.reject(new Error(`device plugin ${this.resourceName} is disconnected`));
    return connection.unary(DevicePlugin[method] as never, request as never, dialTimeoutMs) as Promise<Response>;
  }

  /** Allocate for one container's devices: the plugin's answer for it. */
  async allocate(deviceIds: readonly string[]): Promise<ContainerAllocateResponse> {
    const answer = await this.#call<AllocateResponse>('Allocate', { containerRequests: [{ devicesIds: deviceIds }] });
    const response = answer.containerResponses[0];
    if (response === undefined) throw new Error('no containers return in allocation response');
    return response;
  }

  /** Streams ListAndWatch into the handler until the plugin ends it (or close()). */
  async run(handler: EndpointHandler): Promise<void> {
    const connection = this.#connection;
    if (connection === undefined) return;
    let failure: unknown;
    try {
      const stream = connection.serverStream(DevicePlugin['ListAndWatch'] as never, {} as never, { signal: this.#stop.signal }) as AsyncIterable<ListAndWatchResponse>;
      for await (const response of stream) handler.devicesChanged(this, response.devices);
    } catch (error) {
      failure = error;
    }
    if (!this.#stop.signal.aborted) handler.disconnected(this, failure ?? new Error('ListAndWatch ended'));
  }

  close(): void {
    this.#stop.abort();
    this.#connection?.close();
    this.#connection = undefined;
  }
}

// CriRuntimeClient: runtime.v1 RuntimeService over a unix socket, with the kubelet's deadlines
// (runtimeRequestTimeout for most calls, longer or none where the kubelet gives more) and its
// checks of the answers.

import { CriServiceClient, validateServiceConnection, type CriCallOptions, type CriClientOptions } from './cri-connection.ts';
import type { MessageInit } from './messages/message-init.ts';
import { runtimeServiceMethods } from './runtime-v1.ts';
import type { RuntimeServiceMethods } from './services.ts';
import { verifyContainerStatus, verifyPodSandboxStatus, verifyVersionResponse } from './verify-response.ts';

type UnaryMethod = { [M in keyof RuntimeServiceMethods]: RuntimeServiceMethods[M] extends { stream: true } ? never : M }[keyof RuntimeServiceMethods];
type Request<M extends keyof RuntimeServiceMethods> = MessageInit<RuntimeServiceMethods[M]['request']>;
type Response<M extends keyof RuntimeServiceMethods> = Promise<RuntimeServiceMethods[M]['response']>;

export class CriRuntimeClient extends CriServiceClient {
  /** A client whose runtime answered Version, as the kubelet validates the runtime endpoint at start. */
  static connect(endpoint: string, options?: CriClientOptions): Promise<CriRuntimeClient> {
    return validateServiceConnection(new CriRuntimeClient(endpoint, options), 'runtime', (client) => client.version());
  }

  #call<M extends UnaryMethod>(name: M, request: Request<M>, options: CriCallOptions | undefined, timeoutMs = this.connection.requestTimeoutMs): Response<M> {
    return this.connection.unary(runtimeServiceMethods[name], request, timeoutMs, options);
  }

  /** Fails with CriResponseError when the runtime leaves a field of the answer empty. */
  async version(request: Request<'Version'> = {}, options?: CriCallOptions): Response<'Version'> {
    const response = await this.#call('Version', request, options);
    verifyVersionResponse(response);
    return response;
  }

  /** Allowed twice the request timeout, as the kubelet allows sandbox creation. */
  runPodSandbox(request: Request<'RunPodSandbox'>, options?: CriCallOptions): Response<'RunPodSandbox'> {
    return this.#call('RunPodSandbox', request, options, this.connection.requestTimeoutMs * 2);
  }

  stopPodSandbox(request: Request<'StopPodSandbox'>, options?: CriCallOptions): Response<'StopPodSandbox'> {
    return this.#call('StopPodSandbox', request, options);
  }

  removePodSandbox(request: Request<'RemovePodSandbox'>, options?: CriCallOptions): Response<'RemovePodSandbox'> {
    return this.#call('RemovePodSandbox', request, options);
  }

  /** Fails with CriResponseError for a status without id, metadata (name, namespace, uid) or creation time. */
  async podSandboxStatus(request: Request<'PodSandboxStatus'>, options?: CriCallOptions): Response<'PodSandboxStatus'> {
    const response = await this.#call('PodSandboxStatus', request, options);
    if (response.status !== null) verifyPodSandboxStatus(response.status);
    return response;
  }

  listPodSandbox(request: Request<'ListPodSandbox'> = {}, options?: CriCallOptions): Response<'ListPodSandbox'> {
    return this.#call('ListPodSandbox', request, options);
  }

  createContainer(request: Request<'CreateContainer'>, options?: CriCallOptions): Response<'CreateContainer'> {
    return this.#call('CreateContainer', request, options);
  }

  startContainer(request: Request<'StartContainer'>, options?: CriCallOptions): Response<'StartContainer'> {
    return this.#call('StartContainer', request, options);
  }

  /** Allowed the grace period (`timeout`, seconds) on top of the request timeout. */
  stopContainer(request: Request<'StopContainer'>, options?: CriCallOptions): Response<'StopContainer'> {
    return this.#call('StopContainer', request, options, this.connection.requestTimeoutMs + (request.timeout ?? 0) * 1000);
  }

  removeContainer(request: Request<'RemoveContainer'>, options?: CriCallOptions): Response<'RemoveContainer'> {
    return this.#call('RemoveContainer', request, options);
  }

  listContainers(request: Request<'ListContainers'> = {}, options?: CriCallOptions): Response<'ListContainers'> {
    return this.#call('ListContainers', request, options);
  }

  /** Fails with CriResponseError for a status without id, name, creation time, image or image ref. */
  async containerStatus(request: Request<'ContainerStatus'>, options?: CriCallOptions): Response<'ContainerStatus'> {
    const response = await this.#call('ContainerStatus', request, options);
    if (response.status !== null) verifyContainerStatus(response.status);
    return response;
  }

  updateContainerResources(request: Request<'UpdateContainerResources'>, options?: CriCallOptions): Response<'UpdateContainerResources'> {
    return this.#call('UpdateContainerResources', request, options);
  }

  reopenContainerLog(request: Request<'ReopenContainerLog'>, options?: CriCallOptions): Response<'ReopenContainerLog'> {
    return this.#call('ReopenContainerLog', request, options);
  }

  /**
   * Runs a command to its end. The deadline is the command's `timeout` (seconds) plus the request
   * timeout, and none for a timeout of 0, as the kubelet does. A non-zero exit is an answer, not an error.
   */
  execSync(request: Request<'ExecSync'>, options?: CriCallOptions): Response<'ExecSync'> {
    const timeoutSeconds = request.timeout ?? 0;
    return this.#call('ExecSync', request, options, timeoutSeconds === 0 ? Infinity : this.connection.requestTimeoutMs + timeoutSeconds * 1000);
  }

  exec(request: Request<'Exec'>, options?: CriCallOptions): Response<'Exec'> {
    return this.#call('Exec', request, options);
  }

  attach(request: Request<'Attach'>, options?: CriCallOptions): Response<'Attach'> {
    return this.#call('Attach', request, options);
  }

  portForward(request: Request<'PortForward'>, options?: CriCallOptions): Response<'PortForward'> {
    return this.#call('PortForward', request, options);
  }

  containerStats(request: Request<'ContainerStats'>, options?: CriCallOptions): Response<'ContainerStats'> {
    return this.#call('ContainerStats', request, options);
  }

  listContainerStats(request: Request<'ListContainerStats'> = {}, options?: CriCallOptions): Response<'ListContainerStats'> {
    return this.#call('ListContainerStats', request, options);
  }

  podSandboxStats(request: Request<'PodSandboxStats'>, options?: CriCallOptions): Response<'PodSandboxStats'> {
    return this.#call('PodSandboxStats', request, options);
  }

  listPodSandboxStats(request: Request<'ListPodSandboxStats'> = {}, options?: CriCallOptions): Response<'ListPodSandboxStats'> {
    return this.#call('ListPodSandboxStats', request, options);
  }

  updateRuntimeConfig(request: Request<'UpdateRuntimeConfig'>, options?: CriCallOptions): Response<'UpdateRuntimeConfig'> {
    return this.#call('UpdateRuntimeConfig', request, options);
  }

  status(request: Request<'Status'> = {}, options?: CriCallOptions): Response<'Status'> {
    return this.#call('Status', request, options);
  }

  /**
   * Writes a checkpoint archive of a container. As the kubelet does, a `timeout` (seconds) below
   * the request timeout is raised to it, and the deadline is the larger of the two.
   */
  checkpointContainer(request: Request<'CheckpointContainer'>, options?: CriCallOptions): Response<'CheckpointContainer'> {
    const defaultSeconds = Math.floor(this.connection.requestTimeoutMs / 1000);
    const requested = request.timeout ?? 0;
    if (requested < 0) return Promise.reject(new Error('CheckpointContainer requires the timeout value to be > 0'));
    const timeout = Math.max(requested, defaultSeconds);
    return this.#call('CheckpointContainer', { ...request, timeout }, options, requested > defaultSeconds ? requested * 1000 : this.connection.requestTimeoutMs);
  }

  /** The runtime's container events, with no deadline, until the signal aborts or the runtime ends the stream. */
  getContainerEvents(
    request: Request<'GetContainerEvents'> = {},
    options?: CriCallOptions,
  ): AsyncGenerator<RuntimeServiceMethods['GetContainerEvents']['response'], void, undefined> {
    return this.connection.serverStream(runtimeServiceMethods.GetContainerEvents, request, options);
  }

  listMetricDescriptors(request: Request<'ListMetricDescriptors'> = {}, options?: CriCallOptions): Response<'ListMetricDescriptors'> {
    return this.#call('ListMetricDescriptors', request, options);
  }

  listPodSandboxMetrics(request: Request<'ListPodSandboxMetrics'> = {}, options?: CriCallOptions): Response<'ListPodSandboxMetrics'> {
    return this.#call('ListPodSandboxMetrics', request, options);
  }

  runtimeConfig(request: Request<'RuntimeConfig'> = {}, options?: CriCallOptions): Response<'RuntimeConfig'> {
    return this.#call('RuntimeConfig', request, options);
  }

  updatePodSandboxResources(request: Request<'UpdatePodSandboxResources'>, options?: CriCallOptions): Response<'UpdatePodSandboxResources'> {
    return this.#call('UpdatePodSandboxResources', request, options);
  }
}

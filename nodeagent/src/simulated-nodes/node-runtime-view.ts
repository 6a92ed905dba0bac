// One simulated node's view of the shared runtime-sim: the sandboxes and containers it creates
// carry the label runtime-sim.capstan.dev/simulated-node=<node>, and its lists see only those. The
// agent's pod workers remove every sandbox they do not know, so without it the nodes would remove
// each other's pods. Every other call goes to the shared client as it is.

import type { CriRuntimeClient } from '../cri/index.ts';

export const simulatedNodeLabel = 'runtime-sim.capstan.dev/simulated-node';

type Labels = Readonly<Record<string, string>>;

export function nodeRuntimeView(runtime: CriRuntimeClient, nodeName: string): CriRuntimeClient {
  const withLabel = (labels: Labels | undefined): Labels => ({ ...labels, [simulatedNodeLabel]: nodeName });
  const overrides: Partial<Record<keyof CriRuntimeClient, unknown>> = {
    runPodSandbox: ((request, options) =>
      runtime.runPodSandbox({ ...request, config: { ...request.config, labels: withLabel(request.config?.labels) } }, options)) satisfies CriRuntimeClient['runPodSandbox'],
    createContainer: ((request, options) =>
      runtime.createContainer({ ...request, config: { ...request.config, labels: withLabel(request.config?.labels) } }, options)) satisfies CriRuntimeClient['createContainer'],
    listPodSandbox: ((request = {}, options) =>
      runtime.listPodSandbox(
        { ...request, filter: { ...request.filter, labelSelector: withLabel(request.filter?.labelSelector) } },
        options,
      )) satisfies CriRuntimeClient['listPodSandbox'],
    listContainers: ((request = {}, options) =>
      runtime.listContainers(
        { ...request, filter: { ...request.filter, labelSelector: withLabel(request.filter?.labelSelector) } },
        options,
      )) satisfies CriRuntimeClient['listContainers'],
  };
  return new Proxy(runtime, {
    get(target, property) {
      if (Object.hasOwn(overrides, property)) return overrides[property as keyof CriRuntimeClient];
      // The client's methods use its private fields: they must run on the client, not on the proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

// What the Node's status says about its container runtime, read over CRI as the kubelet reads it:
// containerRuntimeVersion as `<runtime>://<version>`, the Ready errors from the runtime's
// conditions, its handlers and features, and the images on the node (largest first, at most 50,
// each with up to 5 names: digests before tags).

import type { CriImageClient, CriRuntimeClient } from '../cri/index.ts';
import { readyErrors } from '../system/node-conditions.ts';

export interface RuntimeFacts {
  readonly containerRuntimeVersion: string;
  /** Texts for the Ready condition; empty when the runtime and its network are ready. */
  readonly readyErrors: readonly string[];
  readonly runtimeHandlers: readonly Record<string, unknown>[];
  readonly features: Record<string, unknown> | undefined;
  readonly images: readonly { readonly names: readonly string[]; readonly sizeBytes: number }[];
}

const maxImages = 50;
const maxNamesPerImage = 5;

export async function readRuntimeFacts(runtime: CriRuntimeClient, images: CriImageClient): Promise<RuntimeFacts> {
  let version: string;
  let errors: string[];
  let handlers: Record<string, unknown>[] = [];
  let features: Record<string, unknown> | undefined;
  try {
    const answer = await runtime.version();
    version = `${answer.runtimeName}://${answer.runtimeVersion}`;
    const status = await runtime.status({ verbose: false });
    errors = runtimeConditionErrors(status.status?.conditions ?? []);
    handlers = status.runtimeHandlers.map((handler) => ({
      ...(handler.name === '' ? {} : { name: handler.name }),
      features: { recursiveReadOnlyMounts: handler.features?.recursiveReadOnlyMounts ?? false, userNamespaces: handler.features?.userNamespaces ?? false },
    }));
    if (status.features !== null) features = { supplementalGroupsPolicy: status.features.supplementalGroupsPolicy };
  } catch {
    return { containerRuntimeVersion: '', readyErrors: [readyErrors.runtimeDown], runtimeHandlers: [], features: undefined, images: [] };
  }
  return { containerRuntimeVersion: version, readyErrors: errors, runtimeHandlers: handlers, features, images: await nodeImages(images) };
}

/** The kubelet's texts for a runtime whose RuntimeReady or NetworkReady condition is missing or false. */
function runtimeConditionErrors(conditions: readonly { type: string; status: boolean; reason: string; message: string }[]): string[] {
  const errors: string[] = [];
  const runtimeReady = conditions.find((condition) => condition.type === 'RuntimeReady');
  const networkReady = conditions.find((condition) => condition.type === 'NetworkReady');
  if (runtimeReady === undefined || !runtimeReady.status) errors.push(readyErrors.runtimeNotReady(runtimeReady?.reason ?? '', runtimeReady?.message ?? ''));
  if (networkReady === undefined || !networkReady.status) errors.push(readyErrors.networkNotReady(networkReady?.reason ?? '', networkReady?.message ?? ''));
  return errors;
}

async function nodeImages(images: CriImageClient): Promise<RuntimeFacts['images']> {
  try {
    const { images: list } = await images.listImages({});
    return [...list]
      .sort((a, b) => b.size - a.size)
      .slice(0, maxImages)
      .map((image) => ({ names: [...image.repoDigests, ...image.repoTags].slice(0, maxNamesPerImage), sizeBytes: image.size }));
  } catch {
    return [];
  }
}

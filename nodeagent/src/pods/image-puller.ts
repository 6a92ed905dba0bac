// The kubelet's image manager (EnsureImageExists): the image gets its default tag, is looked up
// on the node, and is pulled by the container's imagePullPolicy (Always, IfNotPresent, Never),
// with a back-off per pod and image after a failed pull (10 s doubling to 5 min) and the pulls
// of the node one at a time when serializeImagePulls is on (the default).

import type { CriImageClient, MessageInit } from '../cri/index.ts';
import type * as cri from '../cri/index.ts';
import { BackOff } from './back-off.ts';
import type { Container } from '@capstan/common/api-types/core-v1';
import type { Pod } from './pod-types.ts';
import { errorMessage } from '@capstan/common';

/** The container start failures of image handling, by the reason the container waits with. */
export type ImageErrorReason = 'ErrImagePull' | 'ImagePullBackOff' | 'ErrImageNeverPull' | 'InvalidImageName' | 'ImageInspectError';

export type EnsureImageResult = { readonly imageRef: string } | { readonly reason: ImageErrorReason; readonly message: string };

export interface ImageEvent {
  readonly type: 'Normal' | 'Warning';
  readonly reason: string;
  readonly message: string;
}

/** A reference without tag or digest gets ":latest"; one that does not parse is refused. */
export function applyDefaultImageTag(image: string): { readonly image: string } | { readonly error: string } {
  const valid =
    /^[a-z0-9]+(?:[._-][a-z0-9]+|__)*(?::[0-9]+)?(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*(?::[\w][\w.-]{0,127})?(?:@[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-fA-F]{32,})?$/i;
  if (image === '' || !valid.test(image)) return { error: `couldn't parse image name ${JSON.stringify(image)}: invalid reference format` };
  if (image.includes('@')) return { image };
  const lastSegment = image.slice(image.lastIndexOf('/') + 1);
  return { image: lastSegment.includes(':') ? image : `${image}:latest` };
}

export class ImagePuller {
  readonly #images: CriImageClient;
  readonly #backOff: BackOff;
  readonly #serialize: boolean;
  readonly #previousErrors = new Map<string, string>();
  readonly #onEvent: (pod: Pod, container: Container, event: ImageEvent) => void;
  #queue: Promise<unknown> = Promise.resolve();

  constructor(
    images: CriImageClient,
    options: { readonly serialize: boolean; readonly backOff?: BackOff; readonly onEvent?: (pod: Pod, container: Container, event: ImageEvent) => void },
  ) {
    this.#images = images;
    this.#serialize = options.serialize;
    this.#backOff = options.backOff ?? new BackOff();
    this.#onEvent = options.onEvent ?? (() => {});
  }

  async ensureImageExists(pod: Pod, container: Container, sandboxConfig: MessageInit<cri.PodSandboxConfig>, runtimeHandler: string): Promise<EnsureImageResult> {
    const requested = container.image ?? '';
    const event = (type: ImageEvent['type'], reason: string, message: string): void => this.#onEvent(pod, container, { type, reason, message });
    const tagged = applyDefaultImageTag(requested);
    if ('error' in tagged) {
      const message = `Failed to apply default image tag ${JSON.stringify(requested)}: ${tagged.error}`;
      event('Warning', 'InspectFailed', message);
      return { reason: 'InvalidImageName', message };
    }
    const spec = { image: tagged.image, annotations: pod.metadata.annotations ?? {}, runtimeHandler };
    let imageRef: string;
    try {
      imageRef = (await this.#images.imageStatus({ image: spec })).image?.id ?? '';
    } catch (error) {
      const message = `Failed to inspect image ${JSON.stringify(requested)}: ${errorMessage(error)}`;
      event('Warning', 'InspectFailed', message);
      return { reason: 'ImageInspectError', message };
    }
    const policy = container.imagePullPolicy ?? 'IfNotPresent';
    if (imageRef === '' && policy === 'Never') {
      const message = `Container image ${JSON.stringify(requested)} is not present with pull policy of Never`;
      event('Warning', 'ErrImageNeverPull', message);
      return { reason: 'ErrImageNeverPull', message };
    }
    if (imageRef !== '' && policy !== 'Always') {
      event('Normal', 'Pulled', `Container image ${JSON.stringify(requested)} already present on machine`);
      return { imageRef };
    }
    const key = `${pod.metadata.uid}_${tagged.image}`;
    if (this.#backOff.isInBackOffSinceUpdate(key, Date.now())) {
      let message = `Back-off pulling image ${JSON.stringify(tagged.image)}`;
      event('Normal', 'BackOff', message);
      const previous = this.#previousErrors.get(key);
      if (previous !== undefined) message = `${message}: ${previous}`;
      return { reason: 'ImagePullBackOff', message };
    }
    this.#previousErrors.delete(key);
    event('Normal', 'Pulling', `Pulling image ${JSON.stringify(tagged.image)}`);
    const started = Date.now();
    try {
      const pulled = await this.#pull(spec, sandboxConfig);
      event('Normal', 'Pulled', `Successfully pulled image ${JSON.stringify(tagged.image)} in ${Date.now() - started}ms`);
      this.#backOff.gc();
      return { imageRef: pulled };
    } catch (error) {
      const message = errorMessage(error);
      event('Warning', 'Failed', `Failed to pull image ${JSON.stringify(tagged.image)}: ${message}`);
      this.#backOff.next(key, Date.now());
      this.#previousErrors.set(key, `ErrImagePull: ${message}`);
      return { reason: 'ErrImagePull', message };
    }
  }

  #pull(spec: MessageInit<cri.ImageSpec>, sandboxConfig: MessageInit<cri.PodSandboxConfig>): Promise<string> {
    const pull = async (): Promise<string> => (await this.#images.pullImage({ image: spec, sandboxConfig })).imageRef;
    if (!this.#serialize) return pull();
    const result = this.#queue.then(pull, pull);
    this.#queue = result.catch(() => {});
    return result;
  }
}

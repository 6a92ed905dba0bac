// The images a simulated node holds: pulled by the image rules of the settings (a delay, a size, or
// a failure worded as containerd words it), listed, looked up by ID, name or digest, removed.

import { type ImageReference, isImageId, parseImageReference, simulatedDigest } from './image-reference.ts';
import type { ImageRule } from './lifecycle.ts';
import { RuntimeError } from './runtime-error.ts';
import type { Image, ImageSpec } from './runtime-types.ts';
import type { TimerWheel } from './timer-wheel.ts';

export interface StoredImage {
  readonly id: string;
  readonly repoTags: string[];
  readonly repoDigests: string[];
  readonly size: number;
  readonly pinned: boolean;
}

export class ImageStore {
  readonly #rules: readonly ImageRule[];
  readonly #wheel: TimerWheel;
  readonly #byId = new Map<string, StoredImage>();
  /** Tags and digest references (normalized) to image IDs. */
  readonly #byName = new Map<string, string>();
  readonly #pulls = new Map<string, Promise<string>>();

  constructor(rules: readonly ImageRule[], wheel: TimerWheel, preloaded: readonly string[]) {
    this.#rules = rules;
    this.#wheel = wheel;
    for (const name of preloaded) this.#add(parseImageReference(name), 1 << 20, true);
  }

  /** Answers the image's ID (PullImageResponse.image_ref); concurrent pulls of one image share one pull. */
  pull(spec: ImageSpec): Promise<string> {
    const reference = parseImageReference(spec.image);
    const ongoing = this.#pulls.get(reference.normalized);
    if (ongoing !== undefined) return ongoing;
    const pull = this.#pull(reference).finally(() => this.#pulls.delete(reference.normalized));
    this.#pulls.set(reference.normalized, pull);
    return pull;
  }

  async #pull(reference: ImageReference): Promise<string> {
    const names = [reference.normalized, reference.repository];
    const rule = this.#rules.find((r) => names.some(r.match));
    if (rule?.pullDelayMs) await this.#wheel.sleep(rule.pullDelayMs);
    const failure = rule === undefined ? { notFound: true as const } : rule.failure;
    if (failure !== undefined) {
      const ref = reference.normalized;
      throw failure.notFound
        ? new RuntimeError('NotFound', `failed to pull and unpack image "${ref}": failed to resolve reference "${ref}": ${ref}: not found`)
        : new RuntimeError('Unknown', `failed to pull and unpack image "${ref}": ${failure.message}`);
    }
    return this.#add(reference, rule?.sizeBytes ?? 1 << 20, false).id;
  }

  #add(reference: ImageReference, size: number, pinned: boolean): StoredImage {
    const id = simulatedDigest(`image:${reference.normalized}`);
    let image = this.#byId.get(id);
    if (image === undefined) {
      image = { id, repoTags: [], repoDigests: [], size, pinned };
      this.#byId.set(id, image);
    }
    const digest = reference.digest ?? simulatedDigest(`manifest:${reference.normalized}`);
    const digestRef = `${reference.repository}@${digest}`;
    if (reference.tag !== undefined && reference.digest === undefined && !image.repoTags.includes(reference.normalized)) image.repoTags.push(reference.normalized);
    if (!image.repoDigests.includes(digestRef)) image.repoDigests.push(digestRef);
    this.#byName.set(reference.normalized, id);
    this.#byName.set(digestRef, id);
    return image;
  }

  /** The image an ImageSpec names: by ID, by tag or by digest; undefined when the node lacks it. */
  resolve(reference: string): StoredImage | undefined {
    if (isImageId(reference)) return this.#byId.get(reference);
    const id = this.#byName.get(parseImageReference(reference).normalized);
    return id === undefined ? undefined : this.#byId.get(id);
  }

  status(spec: ImageSpec): Image | undefined {
    const image = this.resolve(spec.image);
    return image === undefined ? undefined : toImage(image);
  }

  list(filter?: ImageSpec): Image[] {
    if (filter?.image) {
      const image = this.resolve(filter.image);
      return image === undefined ? [] : [toImage(image)];
    }
    return [...this.#byId.values()].map(toImage);
  }

  /** Removing an image the node lacks is no error (CRI: idempotent). */
  remove(spec: ImageSpec): void {
    const image = this.resolve(spec.image);
    if (image === undefined) return;
    this.#byId.delete(image.id);
    for (const [name, id] of this.#byName) if (id === image.id) this.#byName.delete(name);
  }

  usage(): { readonly bytes: number; readonly count: number } {
    let bytes = 0;
    for (const image of this.#byId.values()) bytes += image.size;
    return { bytes, count: this.#byId.size };
  }
}

function toImage(image: StoredImage): Image {
  return { id: image.id, repoTags: [...image.repoTags], repoDigests: [...image.repoDigests], size: image.size, username: '', spec: { image: image.id }, pinned: image.pinned };
}

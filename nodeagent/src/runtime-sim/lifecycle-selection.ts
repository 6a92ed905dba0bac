// Which lifecycle a new container follows. In order: the pod annotation
// `runtime-sim.capstan.dev/lifecycle.<container>`, then `runtime-sim.capstan.dev/lifecycle` (either
// the name of a lifecycle, or a lifecycle written inline as JSON), then the first lifecycle whose
// `match.images` matches one of the image's names, then the lifecycle named `default`.

import { LifecycleFileError, parseInlineLifecycle } from './lifecycle-file.ts';
import { type Lifecycle, lifecycleAnnotation, type RuntimeSimSettings } from './lifecycle.ts';
import { RuntimeError } from './runtime-error.ts';
import type { StringMap } from './runtime-types.ts';

export class LifecycleSelector {
  readonly #byName: ReadonlyMap<string, Lifecycle>;
  readonly #settings: RuntimeSimSettings;
  readonly #default: Lifecycle;
  /** Pods of one workload share their annotation text: parse it once. */
  readonly #inline = new Map<string, Lifecycle>();

  constructor(settings: RuntimeSimSettings) {
    this.#settings = settings;
    this.#byName = new Map(settings.lifecycles.map((l) => [l.name, l]));
    const fallback = this.#byName.get('default');
    if (fallback === undefined) throw new Error('runtime-sim settings have no lifecycle named "default"');
    this.#default = fallback;
  }

  /** Throws the error CreateContainer answers when the annotation names no lifecycle or is invalid. */
  select(podAnnotations: StringMap | undefined, containerName: string, imageNames: readonly string[]): Lifecycle {
    const perContainerKey = `${lifecycleAnnotation}.${containerName}`;
    const key = podAnnotations?.[perContainerKey] !== undefined ? perContainerKey : lifecycleAnnotation;
    const chosen = podAnnotations?.[key];
    if (chosen !== undefined) return this.#named(chosen.trim(), key);
    for (const lifecycle of this.#settings.lifecycles) {
      if (lifecycle.matchImages.some((match) => imageNames.some(match))) return lifecycle;
    }
    return this.#default;
  }

  /** Whether the lifecycle is the one of containers nothing chose one for. */
  isFallback(lifecycle: Lifecycle): boolean {
    return lifecycle === this.#default;
  }

  #named(value: string, key: string): Lifecycle {
    if (value.startsWith('{')) {
      const cached = this.#inline.get(value);
      if (cached !== undefined) return cached;
      try {
        const lifecycle = parseInlineLifecycle(value, `in annotation ${key}`);
        if (this.#inline.size >= 1000) this.#inline.clear();
        this.#inline.set(value, lifecycle);
        return lifecycle;
      } catch (error) {
        if (error instanceof LifecycleFileError) throw new RuntimeError('InvalidArgument', error.message);
        throw error;
      }
    }
    const lifecycle = this.#byName.get(value);
    if (lifecycle === undefined) {
      const known = [...this.#byName.keys()].map((n) => `"${n}"`).join(', ');
      throw new RuntimeError('InvalidArgument', `runtime-sim has no lifecycle "${value}" (annotation ${key}); known lifecycles: ${known}`);
    }
    return lifecycle;
  }
}

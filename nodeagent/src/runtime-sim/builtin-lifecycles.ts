// The lifecycles and image rules every runtime-sim knows, written in the file format: a pod picks
// one by name with the `runtime-sim.capstan.dev/lifecycle` annotation; a file's lifecycles of the
// same name replace them, and a file's `images` replace the image rules.

import { builtInImageRules, builtInLifecycle, type DeclaredSettings } from './lifecycle-file.ts';
import type { RuntimeSimSettings } from './lifecycle.ts';

/** The pause image of Kubernetes 1.35, which runtimes keep pinned. */
export const pauseImage = 'registry.k8s.io/pause:3.10.1';

const declarations: readonly unknown[] = [
  // Starts in about a millisecond and runs until it is stopped; SIGTERM ends it at once (143).
  { name: 'default' },
  { name: 'succeeded', exit: { after: '100ms', code: 0 } },
  { name: 'failed', exit: { after: '100ms', code: 1, message: 'simulated failure' } },
  { name: 'crash-loop', logs: { start: [{ stderr: 'crashing (attempt {attempt})' }] }, exit: { after: '100ms', code: 1 } },
  { name: 'oom-killed', exit: { after: '100ms', reason: 'OOMKilled' } },
  // A process that installs no SIGTERM handler as PID 1: only SIGKILL ends it.
  { name: 'ignore-sigterm', stop: { sigterm: 'ignore' } },
  { name: 'start-error', start: { error: 'simulated start failure: exec: "simulated": executable file not found in $PATH' } },
  { name: 'slow-ready', readiness: { after: '5s' } },
];

// Images that do not exist: by name, and by the tags the Kubernetes conformance tests use to make a
// rollout stall (webserver:404, foo:non-existent, gb-redisslave:nonexistent).
const imageDeclarations: readonly unknown[] = [
  { match: '*does-not-exist*', notFound: true },
  { match: '*:404', notFound: true },
  { match: '*:nonexistent', notFound: true },
  { match: '*:non-existent', notFound: true },
  { match: '*' },
];

export const builtInLifecycles = declarations.map(builtInLifecycle);

/** The built-in settings with a file's declarations laid over them. */
export function effectiveSettings(declared?: DeclaredSettings): RuntimeSimSettings {
  const names = new Set(declared?.lifecycles.map((l) => l.name));
  return {
    lifecycles: [...(declared?.lifecycles ?? []), ...builtInLifecycles.filter((l) => !names.has(l.name))],
    images: declared?.images ?? builtInImageRules(imageDeclarations),
    preloadedImages: [pauseImage, ...(declared?.preloadedImages ?? [])],
    sandbox: declared?.sandbox ?? { startDelayMs: 0 },
    features: declared?.features ?? { checkpoint: true },
  };
}

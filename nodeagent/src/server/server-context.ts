// What the endpoints of the agent's server work with: the pods the agent runs, the CRI runtime,
// the root directory, the log.

import type { CriRuntimeClient } from '../cri/index.ts';
import type { PodDirectory } from '../pods/pod-directory.ts';

export type ServerLog = (message: string, error?: unknown) => void;

export interface ServerContext {
  readonly pods: PodDirectory;
  readonly runtime: CriRuntimeClient;
  /** --root-dir: checkpoints go to its checkpoints/ directory. */
  readonly rootDirectory: string;
  readonly log: ServerLog;
}

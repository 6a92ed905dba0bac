// The controllers of `capstan up`: one `capstan controllers` process (node lifecycle, namespaces,
// garbage collection, scheduling) with the cluster's kubeconfig, its log in <data-dir>/controllers.log.

import { join } from 'node:path';
import { capstanChild, stopChild } from './capstan-child.ts';

export interface UpControllers {
  stop(): Promise<void>;
}

export function startUpControllers(dataDir: string, kubeconfig: string, log: (line: string) => void): UpControllers {
  const logFile = join(dataDir, 'controllers.log');
  const child = capstanChild(['controllers', `--kubeconfig=${kubeconfig}`, '--logging-format=json'], logFile);
  log(`controllers: node lifecycle, namespace cleanup, garbage collection, scheduling (log in ${logFile})`);
  return { stop: () => stopChild(child) };
}

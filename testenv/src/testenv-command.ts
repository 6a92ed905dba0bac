// `capstan testenv`: one isolated control plane in this process, for a test in another language
// (Go's client-go, say) to start and stop as envtest's Environment does. It prints one line once
// the API server is ready and the CustomResourceDefinitions served:
//   Capstan testenv is ready at https://127.0.0.1:PORT: export KUBECONFIG=PATH
// and stops, removing its directory, on SIGTERM or SIGINT, when its standard input closes
// (--stop-on-stdin-close: the test process died), or when CAPSTAN_EXIT_WITH_PARENT's process is gone.

import { formatFlagHelp, parseFlags } from '@capstan/common';
import { startTestEnv } from './test-env.ts';

const flags = {
  'crd-paths': {
    type: 'strings',
    default: [] as readonly string[],
    help: 'Files, or directories of .yaml/.yml/.json files, whose CustomResourceDefinitions are installed and served before the ready line (comma separated, or the flag repeated)',
  },
  controllers: { type: 'bool', default: false, help: 'Run `capstan controllers` against the server too' },
  'feature-gates': { type: 'strings', default: [] as readonly string[], help: "The API server's --feature-gates (key=true|false pairs)" },
  'runtime-config': { type: 'strings', default: [] as readonly string[], help: "The API server's --runtime-config (key=true|false pairs)" },
  'base-dir': { type: 'string', default: '', help: 'Where the directory of the control plane goes (default: /dev/shm, or the temporary directory)' },
  'stop-on-stdin-close': { type: 'bool', default: false, help: 'Stop when standard input closes: give the process a pipe that the test holds' },
} as const;

export const testenvUsage = `Start an isolated control plane for a test (as controller-runtime's envtest) and print its kubeconfig.

Usage:
  capstan testenv [flags]

Prints "Capstan testenv is ready at URL: export KUBECONFIG=PATH" once ready; stops and removes its
directory on SIGTERM or SIGINT.

Flags:
${formatFlagHelp(flags)}`;

export async function testenvCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f } = parseFlags(flags, argv);
  const started = performance.now();
  const env = await startTestEnv({
    crdDirectoryPaths: f['crd-paths'],
    controllers: f.controllers,
    featureGates: f['feature-gates'],
    runtimeConfig: f['runtime-config'],
    ...(f['base-dir'] === '' ? {} : { baseDir: f['base-dir'] }),
  });
  out(`Capstan testenv is ready at ${env.url}: export KUBECONFIG=${env.kubeconfigPath} (${Math.round(performance.now() - started)} ms)`);
  await new Promise<void>((resolve) => {
    const done = (): void => {
      process.off('SIGTERM', done).off('SIGINT', done);
      resolve();
    };
    process.on('SIGTERM', done).on('SIGINT', done);
    if (f['stop-on-stdin-close']) process.stdin.on('end', done).on('error', done).resume();
  });
  await env.stop();
  process.stdin.destroy();
  return 0;
}

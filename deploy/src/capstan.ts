// The `capstan` command: one entry point whose subcommands start or inspect each part of Capstan.

import { capstanVersion, FlagError, kubernetesMinor, errorMessage } from '@capstan/common';
import { exitWithParent } from './exit-with-parent.ts';

type Command = (argv: readonly string[], out: (text: string) => void) => Promise<number>;

/** A subcommand's flags help and what it runs. */
interface LoadedCommand {
  readonly usage?: string;
  readonly run: Command;
}

// Each subcommand's package is loaded only when it runs (or shows its help): an agent or a
// runtime-sim process does not load the API server's modules, nor the API server the agent's.
const commands: Readonly<Record<string, { readonly summary: string; readonly load: () => Promise<LoadedCommand> }>> = {
  up: {
    summary: 'Start an all-in-one cluster and write its kubeconfig',
    load: async () => {
      const { upCommand, upUsage } = await import('./up-command.ts');
      return { usage: upUsage, run: upCommand };
    },
  },
  install: {
    summary: 'Lay out this host for the systemd units: units, flags files, certificates and kubeconfigs',
    load: async () => {
      const { installCommand, installUsage } = await import('./install-command.ts');
      return { usage: installUsage, run: installCommand };
    },
  },
  image: {
    summary: 'Build an OCI image of Capstan (Node.js and the project) or import one into containerd',
    load: async () => {
      const { imageCommand, imageUsage } = await import('./image/image-command.ts');
      return { usage: imageUsage, run: imageCommand };
    },
  },
  apiserver: {
    summary: 'Serve the Kubernetes API',
    load: async () => {
      const { apiserverCommand, apiserverUsage } = await import('@capstan/apiserver');
      return { usage: apiserverUsage, run: apiserverCommand };
    },
  },
  testenv: {
    summary: "Start an isolated control plane for a test (as controller-runtime's envtest) and print its kubeconfig",
    load: async () => {
      const { testenvCommand, testenvUsage } = await import('@capstan/testenv');
      return { usage: testenvUsage, run: testenvCommand };
    },
  },
  agent: {
    summary: 'Run the node agent: register the Node, heartbeat, run its pods through CRI',
    load: async () => {
      const { agentCommand, agentUsage } = await import('@capstan/nodeagent');
      return { usage: agentUsage, run: (argv) => agentCommand(argv) };
    },
  },
  controllers: {
    summary:
      "Run the controllers: workloads (Deployments, ReplicaSets, ReplicationControllers, StatefulSets, DaemonSets, Jobs, CronJobs and finished Jobs' TTL), Service endpoints (EndpointSlices, Endpoints), disruption budgets, horizontal pod autoscaling, volume binding and host-path provisioning, node lifecycle, node IPAM, namespace cleanup, pod and object garbage collection, service accounts and the kube-root-ca.crt ConfigMaps, resource quota usage, scheduling",
    load: async () => {
      const { controllersCommand, controllersUsage } = await import('@capstan/controllers');
      return { usage: controllersUsage, run: controllersCommand };
    },
  },
  'runtime-sim': {
    summary: 'Serve a simulated CRI runtime whose containers follow declared lifecycles',
    load: async () => {
      const { runtimeSimCommand, runtimeSimUsage } = await import('@capstan/nodeagent');
      return { usage: runtimeSimUsage, run: runtimeSimCommand };
    },
  },
  version: {
    summary: 'Print the version',
    load: async () => ({
      run: async (_argv, out) => {
        out(`Capstan v${capstanVersion} (Kubernetes API ${kubernetesMinor})`);
        return 0;
      },
    }),
  },
  storage: {
    summary: 'Read, compact or write raw values in the store of an API server',
    load: async () => {
      const { storageCommand, storageUsage } = await import('@capstan/apiserver');
      return { usage: storageUsage, run: storageCommand };
    },
  },
  cel: {
    summary: 'Check or evaluate a CEL expression as Kubernetes rules use it',
    load: async () => {
      const { celCommand, celUsage } = await import('@capstan/common/cel');
      return { usage: celUsage, run: celCommand };
    },
  },
};

export function usage(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const list = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `Capstan: a lightweight control plane that speaks the Kubernetes ${kubernetesMinor} API.\n\nUsage:\n  capstan <command> [flags]\n\nCommands:\n${list.join('\n')}\n\nRun 'capstan <command> --help' for the flags of a command.`;
}

/** Runs the command line; answers the exit code. */
export async function runCapstan(argv: readonly string[]): Promise<number> {
  exitWithParent();
  const out = (text: string): void => void process.stdout.write(`${text}\n`);
  const [name, ...rest] = argv;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    out(usage());
    return name === undefined ? 1 : 0;
  }
  const entry = commands[name];
  if (entry === undefined) {
    process.stderr.write(`Error: unknown command "${name}" for "capstan"\n\n${usage()}\n`);
    return 1;
  }
  const command = await entry.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    out(command.usage ?? entry.summary);
    return 0;
  }
  try {
    return await command.run(rest, out);
  } catch (error) {
    if (error instanceof FlagError) {
      process.stderr.write(`Error: ${error.message}\n`);
      return 1;
    }
    process.stderr.write(`Error: ${errorMessage(error)}\n`);
    return 1;
  }
}

// The `capstan` command: one entry point whose subcommands start or inspect each part of Capstan.

import { apiserverCommand, apiserverUsage, storageCommand, storageUsage } from '@capstan/apiserver';
import { capstanVersion, FlagError, kubernetesMinor, errorMessage } from '@capstan/common';
import { celCommand, celUsage } from '@capstan/common/cel';
import { controllersCommand, controllersUsage } from '@capstan/controllers';
import { agentCommand, agentUsage, runtimeSimCommand, runtimeSimUsage } from '@capstan/nodeagent';
import { exitWithParent } from './exit-with-parent.ts';
import { upCommand, upUsage } from './up-command.ts';

type Command = (argv: readonly string[], out: (text: string) => void) => Promise<number>;

const commands: Readonly<Record<string, { readonly summary: string; readonly usage?: string; readonly run: Command }>> = {
  up: { summary: 'Start an all-in-one cluster and write its kubeconfig', usage: upUsage, run: upCommand },
  apiserver: { summary: 'Serve the Kubernetes API', usage: apiserverUsage, run: apiserverCommand },
  agent: { summary: 'Run the node agent: register the Node, heartbeat, run its pods through CRI', usage: agentUsage, run: (argv) => agentCommand(argv) },
  controllers: {
    summary: 'Run the controllers: node lifecycle, namespace cleanup, service accounts and the kube-root-ca.crt ConfigMaps, garbage collection, scheduling',
    usage: controllersUsage,
    run: controllersCommand,
  },
  'runtime-sim': { summary: 'Serve a simulated CRI runtime whose containers follow declared lifecycles', usage: runtimeSimUsage, run: runtimeSimCommand },
  version: {
    summary: 'Print the version',
    run: async (_argv, out) => {
      out(`Capstan v${capstanVersion} (Kubernetes API ${kubernetesMinor})`);
      return 0;
    },
  },
  storage: { summary: 'Read, compact or write raw values in the store of an API server', usage: storageUsage, run: storageCommand },
  cel: { summary: 'Check or evaluate a CEL expression as Kubernetes rules use it', usage: celUsage, run: celCommand },
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
  const command = commands[name];
  if (command === undefined) {
    process.stderr.write(`Error: unknown command "${name}" for "capstan"\n\n${usage()}\n`);
    return 1;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    out(command.usage ?? command.summary);
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

// `capstan image build` writes the OCI image archive of Capstan (a file, or - for stdout);
// `capstan image import` imports an archive into containerd; `capstan image build --import` does
// both, the archive streamed straight into ctr when no --output is given.

import { FlagError, capstanVersion, formatFlagHelp, parseFlags } from '@capstan/common';
import { buildCapstanImage, describeCapstanImage, defaultImageName, type BuiltImage } from './build-image.ts';
import { defaultContainerdAddress, importImage } from './import-image.ts';

const defaultArchive = `capstan-${capstanVersion}.oci.tar`;

const buildFlags = {
  output: { type: 'string', default: '', help: `The archive to write, - for stdout (default ${defaultArchive}, none with --import)` },
  name: { type: 'string', default: defaultImageName, help: 'The name containerd gives the image' },
  import: { type: 'bool', default: false, help: "Import the image into containerd's k8s.io namespace too" },
  address: { type: 'string', default: defaultContainerdAddress, help: "containerd's socket, for --import" },
} as const;

const importFlags = {
  address: { type: 'string', default: defaultContainerdAddress, help: "containerd's socket" },
  namespace: { type: 'string', default: 'k8s.io', help: "containerd's namespace (k8s.io: the one its CRI plugin reads)" },
} as const;

export const imageUsage = `Build an OCI image of Capstan (its Node.js runtime and the project, the capstan command as its
entrypoint) or import one into containerd (docs/image.md).

Usage:
  capstan image build [--output=FILE|-] [--name=NAME] [--import [--address=unix:///run/containerd/containerd.sock]]
  capstan image import [--address=unix:///run/containerd/containerd.sock] [FILE]

Flags of build:
${formatFlagHelp(buildFlags)}

Flags of import:
${formatFlagHelp(importFlags)}`;

export async function imageCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === 'build') return build(rest, out);
  if (verb === 'import') return importArchive(rest, out);
  throw new FlagError(verb === undefined ? 'capstan image needs a command: build or import' : `unknown command "${verb}" for "capstan image": build or import`);
}

async function build(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f, args } = parseFlags(buildFlags, argv);
  if (args.length > 0) throw new FlagError(`unknown argument "${args[0]}" for "capstan image build"`);
  if (f.name === '') throw new FlagError('--name must not be empty');
  const toStdout = f.output === '-';
  if (toStdout && process.stdout.isTTY === true) throw new FlagError('--output=-: refusing to write an image archive to a terminal');
  if (toStdout && f.import) throw new FlagError('--output=- and --import: the archive goes to one place');
  // The archive on stdout: what the command says goes to stderr.
  const say = toStdout ? (text: string) => void process.stderr.write(`${text}\n`) : out;
  if (f.import && f.output === '') {
    const started = Date.now();
    const image = await describeCapstanImage({ name: f.name });
    await importImage(f.address, image.archive());
    say(
      `Imported ${image.name} (${image.manifest.digest}) into containerd at ${f.address}, namespace k8s.io, in ${seconds(started)}: ${describeLayers(image.layers.map((layer) => layer.size))}`,
    );
    return 0;
  }
  const started = Date.now();
  const built = await buildCapstanImage({ name: f.name, output: toStdout ? process.stdout : f.output === '' ? defaultArchive : f.output });
  say(`Built ${built.name} (${built.digest}) ${built.archive === undefined ? 'on stdout' : `in ${built.archive}`} in ${seconds(started)}: ${summary(built)}`);
  if (f.import && built.archive !== undefined) {
    await importImage(f.address, built.archive);
    say(`Imported ${built.name} into containerd at ${f.address}, namespace k8s.io`);
  }
  return 0;
}

async function importArchive(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f, args } = parseFlags(importFlags, argv);
  if (args.length > 1) throw new FlagError(`unknown argument "${args[1]}" for "capstan image import"`);
  const archive = args[0] ?? defaultArchive;
  const said = await importImage(f.address, archive, { namespace: f.namespace });
  if (said !== '') out(said);
  out(`Imported ${archive} into containerd at ${f.address}, namespace ${f.namespace}`);
  return 0;
}

function summary(built: BuiltImage): string {
  return `${megabytes(built.size)} (${describeLayers(built.layerSizes)})`;
}

function describeLayers(sizes: readonly number[]): string {
  const [runtime = 0, project = 0] = sizes;
  return `the Node.js runtime layer ${megabytes(runtime)}, the project layer ${megabytes(project)}`;
}

const megabytes = (bytes: number): string => `${(bytes / 1e6).toFixed(1)} MB`;
const seconds = (since: number): string => `${((Date.now() - since) / 1000).toFixed(1)} s`;

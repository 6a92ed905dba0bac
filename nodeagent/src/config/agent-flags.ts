// The agent's command-line flags, named as the kubelet names them: the flags that are no part of
// KubeletConfiguration (--config, --root-dir, --kubeconfig, --lock-file, ...) and a set of the
// kubelet's configuration flags, each bound to the field it sets. A configuration flag given on
// the command line wins over every file, as the kubelet's flag precedence makes it.

import { FlagError, formatFlagHelp, parseFlags, type FlagSpec, type FlagSpecs, type FlagValues } from '@capstan/common';
import { formatGoDuration } from '@capstan/common';
import { showHiddenMetricsFlags } from '@capstan/common/metrics';

export const defaultRootDirectory = '/var/lib/kubelet';

/** Flags of the agent itself (the kubelet's KubeletFlags). */
export const agentOwnFlags = {
  config: {
    type: 'string',
    default: '',
    help: 'The agent will load its initial configuration from this file (a KubeletConfiguration, YAML or JSON). Command-line flags override configuration from this file.',
  },
  'config-dir': {
    type: 'string',
    default: '',
    help: 'Path to a directory of drop-in configuration files (*.conf, applied in lexical order) that override the --config file.',
  },
  'root-dir': { type: 'string', default: defaultRootDirectory, help: 'Directory path for managing the agent files (volume mounts, plugin sockets, checkpoints, etc).' },
  'cert-dir': {
    type: 'string',
    default: '',
    help: 'The directory where the TLS certs are located (default <root-dir>/pki). If --tls-cert-file and --tls-private-key-file are provided, this flag will be ignored.',
  },
  'hostname-override': { type: 'string', default: '', help: 'If non-empty, will use this string as identification instead of the actual hostname.' },
  kubeconfig: {
    type: 'string',
    default: '',
    help: 'Path to a kubeconfig file, specifying how to connect to the API server. Providing --kubeconfig enables API server mode, omitting --kubeconfig enables standalone mode.',
  },
  'lock-file': { type: 'string', default: '', help: 'The path to file for the agent to use as a lock file.' },
  ...showHiddenMetricsFlags,
  'exit-on-lock-contention': { type: 'bool', default: false, help: 'Whether the agent should exit upon lock-file contention.' },
  'node-ip': {
    type: 'string',
    default: '',
    help: "IP address (or comma-separated dual-stack IP addresses) of the node. If unset, the agent will use the node's default IPv4 address, if any, or its default IPv6 address.",
  },
  'feature-gates': {
    type: 'strings',
    default: [],
    help: 'A set of key=value pairs that describe feature gates for alpha/experimental features.',
  },
  // Capstan's own: the interim credential of the agent's server until TokenReview exists.
  'authentication-token-file': {
    type: 'string',
    default: '',
    help: "Path to a file holding a bearer token that authenticates requests to the agent's server (the token the API server sends from its --kubelet-bearer-token-file).",
  },
} as const satisfies FlagSpecs;

interface ConfigurationFlag extends FlagSpec {
  /** The KubeletConfiguration field the flag sets, as a path of JSON names. */
  readonly field: readonly string[];
  /** A flag of key=value pairs that sets a map field (the kubelet's mapStringString). */
  readonly pairs?: boolean;
}

/** The kubelet's configuration flags the agent accepts; their defaults are the configuration's. */
export const configurationFlags = {
  address: {
    type: 'string',
    default: '0.0.0.0',
    field: ['address'],
    help: 'The IP address for the agent to serve on (set to 0.0.0.0 or :: for listening on all interfaces and IP address families).',
  },
  port: { type: 'int', default: 10250, field: ['port'], help: 'The port for the agent to serve on.' },
  'read-only-port': {
    type: 'int',
    default: 10255,
    field: ['readOnlyPort'],
    help: 'The read-only port for the agent to serve on with no authentication/authorization (set to 0 to disable).',
  },
  'anonymous-auth': { type: 'bool', default: true, field: ['authentication', 'anonymous', 'enabled'], help: "Enables anonymous requests to the agent's server." },
  'authentication-token-webhook': {
    type: 'bool',
    default: false,
    field: ['authentication', 'webhook', 'enabled'],
    help: 'Use the TokenReview API to determine authentication for bearer tokens.',
  },
  'authorization-mode': {
    type: 'string',
    default: 'AlwaysAllow',
    field: ['authorization', 'mode'],
    help: "Authorization mode for the agent's server. Valid options are AlwaysAllow or Webhook.",
  },
  'client-ca-file': {
    type: 'string',
    default: '',
    field: ['authentication', 'x509', 'clientCAFile'],
    help: 'If set, any request presenting a client certificate signed by one of the authorities in the client-ca-file is authenticated.',
  },
  'tls-cert-file': { type: 'string', default: '', field: ['tlsCertFile'], help: 'File containing x509 certificate used for serving HTTPS.' },
  'tls-private-key-file': { type: 'string', default: '', field: ['tlsPrivateKeyFile'], help: 'File containing x509 private key matching --tls-cert-file.' },
  'container-runtime-endpoint': {
    type: 'string',
    default: 'unix:///run/containerd/containerd.sock',
    field: ['containerRuntimeEndpoint'],
    help: 'The endpoint of the container runtime service.',
  },
  'image-service-endpoint': {
    type: 'string',
    default: '',
    field: ['imageServiceEndpoint'],
    help: 'The endpoint of the container image service. If not specified, it will be the same as --container-runtime-endpoint.',
  },
  'pod-manifest-path': {
    type: 'string',
    default: '',
    field: ['staticPodPath'],
    help: 'Path to the directory containing static pod files to run, or the path to a single static pod file.',
  },
  'node-status-update-frequency': {
    type: 'duration',
    default: 10_000,
    field: ['nodeStatusUpdateFrequency'],
    help: 'Specifies how often the agent posts node status to the API server.',
  },
  'fail-swap-on': { type: 'bool', default: true, field: ['failSwapOn'], help: 'Makes the agent fail to start if swap is enabled on the node.' },
  'max-pods': { type: 'int', default: 110, field: ['maxPods'], help: 'Number of pods that can run on this agent.' },
  'pod-max-pids': {
    type: 'int',
    default: -1,
    field: ['podPidsLimit'],
    help: 'Set the maximum number of processes per pod. If -1, the agent defaults to the node allocatable pid capacity.',
  },
  'cluster-dns': { type: 'strings', default: [], field: ['clusterDNS'], help: 'Comma-separated list of DNS server IP addresses for containers with dnsPolicy=ClusterFirst.' },
  'cluster-domain': {
    type: 'string',
    default: '',
    field: ['clusterDomain'],
    help: 'Domain for this cluster. Containers search this domain in addition to the host search domains.',
  },
  'register-node': { type: 'bool', default: true, field: ['registerNode'], help: 'Register the node with the API server.' },
  'seccomp-default': { type: 'bool', default: false, field: ['seccompDefault'], help: 'Enable the use of RuntimeDefault as the default seccomp profile for all workloads.' },
  'system-reserved': {
    type: 'strings',
    default: [],
    field: ['systemReserved'],
    pairs: true,
    help: 'A set of ResourceName=ResourceQuantity (e.g. cpu=200m,memory=500Mi) pairs reserved for non-Kubernetes components.',
  },
  'kube-reserved': {
    type: 'strings',
    default: [],
    field: ['kubeReserved'],
    pairs: true,
    help: 'A set of ResourceName=ResourceQuantity (e.g. cpu=200m,memory=500Mi) pairs reserved for Kubernetes system components.',
  },
} as const satisfies Readonly<Record<string, ConfigurationFlag>>;

export const agentFlagSpecs = { ...agentOwnFlags, ...configurationFlags } as const satisfies FlagSpecs;

/** The values of the agent's own flags. */
export type AgentFlagValues = FlagValues<typeof agentOwnFlags>;

export interface ParsedAgentFlags {
  readonly values: FlagValues<typeof agentFlagSpecs>;
  /** The flags the command line gave, whatever their value. */
  readonly given: ReadonlySet<string>;
}

/** Parses the command line; throws a FlagError worded as pflag words it. */
export function parseAgentFlags(argv: readonly string[]): ParsedAgentFlags {
  const { flags, args } = parseFlags(agentFlagSpecs, argv);
  if (args.length > 0) throw new FlagError(`unknown command ${args[0] as string}`);
  for (const [name, spec] of Object.entries(configurationFlags) as [keyof typeof configurationFlags, ConfigurationFlag][]) {
    const pairs = flags[name];
    if (spec.pairs === true && (pairs as readonly string[]).some((pair) => !pair.includes('='))) throw malformedPair(name, pairs as readonly string[]);
  }
  return { values: flags, given: givenFlags(argv) };
}

/** The usage text's list of flags. */
export function formatAgentFlagHelp(): string {
  return formatFlagHelp(agentFlagSpecs);
}

/**
 * The configuration flags the command line gave, as wire values for their fields (durations as
 * Go duration strings, pairs as maps), with the flag that set each.
 */
export function configurationFlagValues(parsed: ParsedAgentFlags): { readonly flag: string; readonly field: readonly string[]; readonly value: unknown }[] {
  const set = [];
  for (const [name, spec] of Object.entries(configurationFlags) as [keyof typeof configurationFlags, ConfigurationFlag][]) {
    if (!parsed.given.has(name)) continue;
    const value = parsed.values[name];
    let wire: unknown = value;
    if (spec.type === 'duration') wire = formatGoDuration(value as number);
    else if (spec.pairs === true) wire = Object.fromEntries((value as readonly string[]).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
    set.push({ flag: `--${name}`, field: spec.field, value: wire });
  }
  return set;
}

/**
 * The names of the flags present on the command line. The flag parser fills in defaults, so the
 * command line is parsed a second time with every default changed: a flag whose value is the same
 * in both parses was given.
 */
function givenFlags(argv: readonly string[]): Set<string> {
  const shifted = Object.fromEntries(Object.entries(agentFlagSpecs).map(([name, spec]) => [name, { ...spec, default: shiftedDefault(spec) }])) as unknown as typeof agentFlagSpecs;
  const first: Readonly<Record<string, unknown>> = parseFlags(agentFlagSpecs, argv).flags;
  const second: Readonly<Record<string, unknown>> = parseFlags(shifted, argv).flags;
  return new Set(Object.keys(agentFlagSpecs).filter((name) => JSON.stringify(first[name]) === JSON.stringify(second[name])));
}

function shiftedDefault(spec: FlagSpec): unknown {
  switch (spec.type) {
    case 'bool':
      return !(spec.default as boolean);
    case 'int':
    case 'duration':
      return (spec.default as number) + 1;
    case 'strings':
      return [...(spec.default as readonly string[]), '\u0000'];
    default:
      return `${spec.default as string}\u0000`;
  }
}

function malformedPair(name: string, pairs: readonly string[]): FlagError {
  return new FlagError(`invalid argument ${JSON.stringify(pairs.join(','))} for "--${name}" flag: malformed pair, expect string=string`);
}

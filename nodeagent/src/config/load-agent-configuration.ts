// The agent's configuration from its command line, in the kubelet's order: flags parsed; the
// --config file decoded and defaulted (or, without one, the defaults a flags-only kubelet starts
// from); the --config-dir drop-ins merged onto it and defaults applied again; the configuration
// flags given on the command line applied over all files; feature gates from the files and
// --feature-gates (the flag wins per gate); the result validated. Every failure throws an
// AgentConfigurationError with the kubelet's message, naming the file or flag at fault.

import { resolve, dirname, isAbsolute, join } from 'node:path';
import { FlagError, parseFeatureGates, errorMessage } from '@capstan/common';
import { agentFeatures, type AgentFeatureGates } from './agent-features.ts';
import { agentOwnFlags, configurationFlagValues, parseAgentFlags, type AgentFlagValues, type ParsedAgentFlags } from './agent-flags.ts';
import { isObject } from './check-fields.ts';
import { recordSources, sourcesOf, type ConfigurationSources } from './configuration-sources.ts';
import { ConfigurationFileError, decodeConfigurationFile } from './decode-configuration-file.ts';
import { setConfigurationDefaults, setEvictionHardDefault, setLegacyFlagDefaults, type WireConfiguration } from './default-configuration.ts';
import type { StructField } from './field-kinds.ts';
import { kubeletConfigurationStruct, type KubeletConfiguration } from './kubelet-configuration-fields.ts';
import { DropInError, mergeDropIns } from './merge-drop-ins.ts';
import { nodeNameOf, parseNodeIPs, type NodeIPs } from './node-identity.ts';
import { toLoaded } from './to-loaded-configuration.ts';
import { aggregateMessage, validateConfiguration } from './validate-configuration.ts';

export class AgentConfigurationError extends Error {
  override name = 'AgentConfigurationError';
}

export interface AgentConfiguration {
  /** The KubeletConfiguration in force: defaulted, merged, flags applied; durations in ms. */
  readonly config: KubeletConfiguration;
  readonly featureGates: AgentFeatureGates;
  /**
   * The values of the agent's own flags, given or defaulted (--cert-dir resolved to <root-dir>/pki
   * when unset). The configuration flags (--port, ...) are read from `config`, where they landed.
   */
  readonly flags: AgentFlagValues;
  /** No --kubeconfig: the agent runs static pods and never contacts an API server. */
  readonly standalone: boolean;
  readonly nodeName: string;
  readonly nodeIPs: NodeIPs;
  /** The files read, in the order applied; drop-ins skipped for their extension. */
  readonly files: { readonly config?: string; readonly dropIns: readonly string[]; readonly skippedDropIns: readonly string[] };
  /** The file or flag that set each field that does not hold its default. */
  readonly sources: ReadonlyMap<string, string>;
}

export interface LoadOptions {
  /** Where relative --config paths start (the process's working directory). */
  readonly cwd?: string;
  /** The kernel's hostname, for the node name. */
  readonly hostname?: () => string;
}

/** Loads the agent's configuration from its arguments (without the command name). */
export function loadAgentConfiguration(argv: readonly string[], options: LoadOptions = {}): AgentConfiguration {
  const cwd = options.cwd ?? process.cwd();
  const parsed = flagsOf(argv);
  const flags = parsed.values;
  const flagGates = gatesOfFlag(flags['feature-gates']);
  const sources: ConfigurationSources = new Map();

  let wire: WireConfiguration;
  let configFile: string | undefined;
  if (flags.config !== '') {
    configFile = resolve(cwd, flags.config);
    wire = loadConfigFile(flags.config, configFile, flagGates, sources);
  } else {
    wire = {};
    setConfigurationDefaults(wire, gatesFor(flagGates, {}));
    setLegacyFlagDefaults(wire);
    setEvictionHardDefault(wire);
  }

  let dropIns: readonly string[] = [];
  let skippedDropIns: readonly string[] = [];
  if (flags['config-dir'] !== '') {
    let merge;
    try {
      merge = mergeDropIns(wire, flags['config-dir'], sources, (fields) => featureGateError(fields.featureGates), cwd);
    } catch (error) {
      if (error instanceof DropInError) throw new AgentConfigurationError(error.message);
      throw error;
    }
    wire = merge.merged;
    dropIns = merge.applied;
    skippedDropIns = merge.skipped;
    setConfigurationDefaults(wire, gatesFor(flagGates, wire.featureGates));
  }

  applyConfigurationFlags(wire, parsed, flagGates, sources);
  const featureGates = gatesFor({}, wire.featureGates);
  const config = toLoaded(wire, kubeletConfigurationStruct) as unknown as KubeletConfiguration;

  const violations = validateConfiguration(config, featureGates);
  if (violations.length > 0) {
    const at = sourcesOf(
      sources,
      violations.flatMap((violation) => violation.fields),
    );
    const path = at.length === 0 ? '' : `, path: ${at.join(', ')}`;
    throw new AgentConfigurationError(`failed to validate kubelet configuration, error: ${aggregateMessage(violations)}${path}`);
  }
  if (flags['exit-on-lock-contention'] && flags['lock-file'] === '') {
    throw new AgentConfigurationError('cannot exit on lock file contention: no lock file specified');
  }

  let nodeName: string;
  let nodeIPs: NodeIPs;
  try {
    nodeName = nodeNameOf(flags['hostname-override'], options.hostname);
    nodeIPs = parseNodeIPs(flags['node-ip']);
  } catch (error) {
    throw new AgentConfigurationError(errorMessage(error));
  }

  return {
    config,
    featureGates,
    flags: ownFlagsOf(flags),
    standalone: flags.kubeconfig === '',
    nodeName,
    nodeIPs,
    files: { ...(configFile === undefined ? {} : { config: configFile }), dropIns, skippedDropIns },
    sources,
  };
}

function ownFlagsOf(flags: ParsedAgentFlags['values']): AgentFlagValues {
  const own = Object.fromEntries(Object.keys(agentOwnFlags).map((name) => [name, flags[name as keyof AgentFlagValues]])) as AgentFlagValues;
  return { ...own, 'cert-dir': own['cert-dir'] === '' ? join(own['root-dir'], 'pki') : own['cert-dir'] };
}

function flagsOf(argv: readonly string[]): ParsedAgentFlags {
  try {
    return parseAgentFlags(argv);
  } catch (error) {
    if (error instanceof FlagError) {
      const prefix = error.message.startsWith('unknown command') ? '' : 'failed to parse kubelet flag: ';
      throw new AgentConfigurationError(`${prefix}${error.message}`);
    }
    throw error;
  }
}

/** --feature-gates as a map, after the checks of the gates themselves (names, values, locks). */
function gatesOfFlag(pairs: readonly string[]): Record<string, boolean> {
  try {
    parseFeatureGates(agentFeatures, pairs);
  } catch (error) {
    if (error instanceof FlagError) throw new AgentConfigurationError(`failed to parse kubelet flag: ${error.message}`);
    throw error;
  }
  // The pairs passed the checks, so each value is one of strconv.ParseBool's words.
  return Object.fromEntries(
    pairs.map((pair) => [pair.slice(0, pair.indexOf('=')).trim(), ['1', 't', 'T', 'true', 'TRUE', 'True'].includes(pair.slice(pair.indexOf('=') + 1).trim())]),
  );
}

/** The gates in force: the agent's defaults, then `first`, then `second` on top. */
function gatesFor(first: Readonly<Record<string, boolean>>, second: unknown): AgentFeatureGates {
  const merged = { ...first, ...(isObject(second) ? second : {}) };
  return parseFeatureGates(
    agentFeatures,
    Object.entries(merged).map(([name, value]) => `${name}=${String(value)}`),
  );
}

/** Why a file's featureGates cannot be set (SetFromMap's words), or undefined. */
function featureGateError(gates: unknown): string | undefined {
  if (!isObject(gates)) return undefined;
  try {
    gatesFor({}, gates);
    return undefined;
  } catch (error) {
    if (!(error instanceof FlagError)) throw error;
    return error.message.slice(error.message.indexOf(' flag: ') + ' flag: '.length);
  }
}

function loadConfigFile(given: string, path: string, flagGates: Readonly<Record<string, boolean>>, sources: ConfigurationSources): WireConfiguration {
  const failure = (inner: string): AgentConfigurationError =>
    new AgentConfigurationError(`failed to load kubelet config file, path: ${given}, error: failed to load Kubelet config file ${given}, error ${inner}`);
  let wire: WireConfiguration;
  try {
    wire = decodeConfigurationFile(path, 'config');
  } catch (error) {
    if (error instanceof ConfigurationFileError) throw failure(error.message);
    throw error;
  }
  const gateError = featureGateError(wire.featureGates);
  if (gateError !== undefined) throw failure(gateError);
  recordSources(sources, wire, kubeletConfigurationStruct, path);
  setConfigurationDefaults(wire, gatesFor(flagGates, wire.featureGates));
  resolveRelativePaths(wire, kubeletConfigurationStruct, dirname(path));
  setEvictionHardDefault(wire);
  return wire;
}

/** The main file's relative paths (staticPodPath, tlsCertFile, ...) start at the file's directory. */
function resolveRelativePaths(object: Record<string, unknown>, spec: StructField, root: string): void {
  for (const [name, field] of Object.entries(spec.fields)) {
    const value = object[name];
    if (field.kind === 'struct' && isObject(value)) resolveRelativePaths(value, field, root);
    else if (field.kind === 'string' && field.path === true && typeof value === 'string' && value !== '' && !isAbsolute(value)) object[name] = join(root, value);
  }
}

/** The configuration flags given on the command line, over everything the files set. */
function applyConfigurationFlags(wire: WireConfiguration, parsed: ParsedAgentFlags, flagGates: Readonly<Record<string, boolean>>, sources: ConfigurationSources): void {
  for (const { flag, field, value } of configurationFlagValues(parsed)) {
    let object = wire;
    for (const name of field.slice(0, -1)) {
      const next = object[name];
      object = isObject(next) ? next : (object[name] = {});
    }
    object[field.at(-1) as string] = value;
    sources.set(field.join('.'), flag);
  }
  if (Object.keys(flagGates).length > 0) {
    wire.featureGates = { ...(isObject(wire.featureGates) ? wire.featureGates : {}), ...flagGates };
    sources.set('featureGates', '--feature-gates');
  }
}

// Command-line flags in the style of the Kubernetes components (pflag): --name=value or
// --name value, booleans as --name or --name=false, and errors worded as pflag words them.

import { formatGoDuration, parseDuration } from './duration.ts';

export type FlagType = 'string' | 'int' | 'float' | 'bool' | 'duration' | 'strings';
type FlagValue<T extends FlagType> = T extends 'int' | 'float' | 'duration' ? number : T extends 'bool' ? boolean : T extends 'strings' ? readonly string[] : string;

export interface FlagSpec<T extends FlagType = FlagType> {
  readonly type: T;
  readonly default: FlagValue<T>;
  readonly help: string;
  /** The allowed values of a string flag. */
  readonly choices?: readonly string[];
}

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;
/** A flag's value: one of its choices when it has them (and its default is one), else its type's value. */
type SpecValue<S extends FlagSpec> = S extends { readonly type: 'string'; readonly choices: readonly (infer C extends string)[] } ? C : FlagValue<S['type']>;
export type FlagValues<S extends FlagSpecs> = { -readonly [K in keyof S]: SpecValue<S[K]> };

export class FlagError extends Error {
  override name = 'FlagError';
}

export interface ParsedArgs<S extends FlagSpecs> {
  readonly flags: FlagValues<S>;
  readonly args: string[];
}

export function parseFlags<S extends FlagSpecs>(specs: S, argv: readonly string[]): ParsedArgs<S> {
  const flags = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.default])) as Record<string, unknown>;
  const args: string[] = [];
  const given = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--') {
      args.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      args.push(arg);
      continue;
    }
    const body = arg.replace(/^--?/, '');
    const equals = body.indexOf('=');
    const name = equals < 0 ? body : body.slice(0, equals);
    const spec = specs[name];
    if (spec === undefined) throw new FlagError(`unknown flag: --${name}`);
    let text: string;
    if (equals >= 0) text = body.slice(equals + 1);
    else if (spec.type === 'bool') text = 'true';
    else if (i + 1 < argv.length) text = argv[++i] as string;
    else throw new FlagError(`flag needs an argument: --${name}`);
    const value = parseValue(name, spec, text);
    // A list flag given again adds to the list, as pflag's StringSlice does; other flags take the last value.
    flags[name] = spec.type === 'strings' && given.has(name) ? [...(flags[name] as string[]), ...(value as string[])] : value;
    given.add(name);
  }
  return { flags: flags as FlagValues<S>, args };
}

function parseValue(name: string, spec: FlagSpec, text: string): unknown {
  const invalid = (why: string): FlagError => new FlagError(`invalid argument "${text}" for "--${name}" flag: ${why}`);
  switch (spec.type) {
    case 'string':
      if (spec.choices !== undefined && !spec.choices.includes(text)) throw invalid(`must be one of ${spec.choices.join(', ')}`);
      return text;
    case 'int': {
      if (!/^[+-]?\d+$/.test(text)) throw invalid('not an integer');
      return Number(text);
    }
    case 'float': {
      // strconv.ParseFloat's decimal forms; pflag's float32/64 flags.
      if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) throw invalid('not a number');
      return Number(text);
    }
    case 'bool':
      if (['true', '1', 't', 'T', 'TRUE', 'True'].includes(text)) return true;
      if (['false', '0', 'f', 'F', 'FALSE', 'False'].includes(text)) return false;
      throw invalid('not a boolean');
    case 'duration': {
      const ms = parseDuration(text);
      if (ms === undefined) throw invalid('not a duration such as 300ms, 5m or 1h30m');
      return ms;
    }
    case 'strings':
      return text === '' ? [] : text.split(',');
  }
}

/** The flag list of a usage text. */
export function formatFlagHelp(specs: FlagSpecs): string {
  const rows = Object.entries(specs).map(([name, spec]) => {
    const shown = spec.type === 'bool' ? `--${name}` : `--${name} ${spec.type}`;
    // A duration's default reads as Go's flag help prints it (1m0s, 5s), not as milliseconds.
    const fallback = Array.isArray(spec.default)
      ? spec.default.join(',')
      : spec.type === 'duration' && typeof spec.default === 'number'
        ? formatGoDuration(spec.default)
        : String(spec.default);
    // As pflag, a zero default is not shown.
    const zero = fallback === '' || fallback === 'false' || fallback === '0' || fallback === '0s';
    return [shown, `${spec.help}${zero ? '' : ` (default ${fallback})`}`] as const;
  });
  const width = Math.max(...rows.map(([shown]) => shown.length));
  return rows.map(([shown, help]) => `      ${shown.padEnd(width)}   ${help}`).join('\n');
}

// The flags of the Go programs a simulated container runs (agnhost's subcommands), read as
// spf13/pflag reads them: `--name value`, `--name=value` (or one dash), a bool alone being true.

export function flagValue(args: readonly string[], name: string): string | undefined {
  for (const [i, arg] of args.entries()) {
    if (arg === `--${name}` || arg === `-${name}`) return args[i + 1];
    const prefix = [`--${name}=`, `-${name}=`].find((p) => arg.startsWith(p));
    if (prefix !== undefined) return arg.slice(prefix.length);
  }
  return undefined;
}

/** An int flag, its default when absent or not a number. */
export function intFlag(args: readonly string[], name: string, fallback: number): number {
  const value = flagValue(args, name);
  return value !== undefined && /^-?\d+$/.test(value) ? Number(value) : fallback;
}

/** A bool flag: `--name` alone or `--name=true` is true, `--name=false` false. */
export function boolFlag(args: readonly string[], name: string, fallback: boolean): boolean {
  for (const arg of args) {
    if (arg === `--${name}` || arg === `-${name}`) return true;
    const match = new RegExp(`^--?${name}=(.*)$`).exec(arg);
    if (match !== null) return ['true', '1', 't', 'T', 'TRUE', 'True'].includes(match[1] as string);
  }
  return fallback;
}

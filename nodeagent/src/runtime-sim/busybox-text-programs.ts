// busybox's applets that count, pick and find: wc, awk's `{print $N}`, find and stat, as container
// scripts of the conformance tests use them (`wc -l f | awk {'print $1'}`, `stat -c %g $(find /vol -type f)`).

import { compileGlob } from './glob-pattern.ts';
import { type Program, resolvePath } from './shell-context.ts';

export const textPrograms: Readonly<Record<string, Program>> = {
  wc(args, context, stdin, io) {
    const flags = args.filter((a) => a.startsWith('-')).join('');
    const files = args.filter((a) => !a.startsWith('-'));
    const counts = (text: string): number[] => {
      const all = [(text.match(/\n/g) ?? []).length, text.split(/\s+/).filter((w) => w !== '').length, Buffer.byteLength(text)];
      if (flags === '') return all;
      return [flags.includes('l') ? all[0] : -1, flags.includes('w') ? all[1] : -1, flags.includes('c') ? all[2] : -1].filter((n) => n !== -1) as number[];
    };
    if (files.length === 0) {
      io.stdout(`${counts(stdin).join(' ')}\n`);
      return 0;
    }
    let status = 0;
    for (const file of files) {
      const text = context.readFile(resolvePath(file, context.workingDir));
      if (text === undefined) {
        io.stderr(`wc: ${file}: No such file or directory\n`);
        status = 1;
      } else io.stdout(`${counts(text).join(' ')} ${file}\n`);
    }
    return status;
  },
  awk(args, context, stdin, io) {
    const [program, ...files] = args.filter((a, i) => !(a === '-F' || args[i - 1] === '-F'));
    const separator = args.includes('-F') ? args[args.indexOf('-F') + 1] : undefined;
    const print = /^\s*\{\s*print\s*(.*?)\s*;?\s*\}\s*$/.exec(program ?? '');
    if (print === null) {
      io.stderr(`awk: unsupported program '${program ?? ''}'\n`);
      return 2;
    }
    const input = files.length === 0 ? stdin : files.map((f) => context.readFile(resolvePath(f, context.workingDir)) ?? '').join('');
    for (const line of (input.endsWith('\n') ? input.slice(0, -1) : input).split('\n')) {
      if (input === '') break;
      const fields = separator === undefined ? line.trim().split(/\s+/) : line.split(separator);
      const items = (print[1] as string).split(/\s*,\s*/).filter((item) => item !== '');
      const values =
        items.length === 0 ? [line] : items.map((item) => (item === '$0' ? line : /^\$\d+$/.test(item) ? (fields[Number(item.slice(1)) - 1] ?? '') : item.replace(/^"|"$/g, '')));
      io.stdout(`${values.join(' ')}\n`);
    }
    return 0;
  },
  find(args, context, _stdin, io) {
    const start = args[0] !== undefined && !args[0].startsWith('-') ? args[0] : '.';
    const type = args.includes('-type') ? args[args.indexOf('-type') + 1] : undefined;
    const name = args.includes('-name') ? args[args.indexOf('-name') + 1] : undefined;
    const matches = name === undefined ? () => true : compileGlob(name);
    const root = resolvePath(start, context.workingDir);
    if (context.listDirectory(root) === undefined && context.readFile(root) === undefined) {
      io.stderr(`find: ${start}: No such file or directory\n`);
      return 1;
    }
    const walk = (path: string, shown: string): void => {
      const entries = context.listDirectory(path);
      const kind = entries === undefined ? 'f' : 'd';
      if ((type === undefined || type === kind) && matches(shown.slice(shown.lastIndexOf('/') + 1))) io.stdout(`${shown}\n`);
      for (const entry of (entries ?? []).filter((e) => !e.startsWith('..')).sort()) walk(`${path.replace(/\/$/, '')}/${entry}`, `${shown.replace(/\/$/, '')}/${entry}`);
    };
    walk(root, start);
    return 0;
  },
  stat(args, context, _stdin, io) {
    const format = formatOf(args);
    let status = 0;
    for (const file of args.filter((a, i) => !a.startsWith('-c') && args[i - 1] !== '-c' && !a.startsWith('--format'))) {
      const found = context.stat(resolvePath(file, context.workingDir));
      if (found === undefined) {
        io.stderr(`stat: can't stat '${file}': No such file or directory\n`);
        status = 1;
        continue;
      }
      const values: Readonly<Record<string, string>> = {
        g: String(found.gid),
        u: String(found.uid),
        a: (found.mode & 0o7777).toString(8),
        n: file,
        s: String(context.readFile(resolvePath(file, context.workingDir))?.length ?? 0),
      };
      io.stdout(`${(format ?? '%n').replace(/%([gunas])/g, (_m, key: string) => values[key] as string)}\n`);
    }
    return status;
  },
};

function formatOf(args: readonly string[]): string | undefined {
  for (const [i, arg] of args.entries()) {
    if (arg === '-c') return args[i + 1];
    if (arg.startsWith('-c')) return arg.slice(2);
    if (arg.startsWith('--format=')) return arg.slice('--format='.length);
  }
  return undefined;
}

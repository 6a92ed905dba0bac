// busybox's applets as the simulated containers have them: output, environment, time, files and
// directories, with busybox's messages. The file system is the ShellContext's (container-filesystem.ts).

import { isPair } from '@capstan/common';
import { tar } from './busybox-tar.ts';
import { type Output, type Program, resolvePath, type ShellContext } from './shell-context.ts';

export const busyboxPrograms: Readonly<Record<string, Program>> = {
  true: () => 0,
  false: () => 1,
  echo(args, _context, _stdin, io) {
    let rest = args;
    let newline = true;
    let escapes = false;
    while (rest[0] !== undefined && /^-[neE]+$/.test(rest[0])) {
      if (rest[0].includes('n')) newline = false;
      if (rest[0].includes('e')) escapes = true;
      rest = rest.slice(1);
    }
    const text = rest.join(' ');
    io.stdout((escapes ? unescape(text) : text) + (newline ? '\n' : ''));
    return 0;
  },
  printf(args, _context, _stdin, io) {
    if (args[0] === undefined) {
      io.stderr('printf: usage: printf FORMAT [ARGUMENT...]\n');
      return 1;
    }
    io.stdout(formatPrintf(args[0], args.slice(1)));
    return 0;
  },
  cat(args, context, stdin, io) {
    if (args.length === 0) {
      io.stdout(stdin);
      return 0;
    }
    let status = 0;
    for (const arg of args) {
      if (arg === '-') {
        io.stdout(stdin);
        continue;
      }
      const path = resolvePath(arg, context.workingDir);
      const content = context.readFile(path);
      if (content !== undefined) io.stdout(content);
      else {
        io.stderr(context.listDirectory(path) === undefined ? `cat: can't open '${arg}': No such file or directory\n` : `cat: read error: Is a directory\n`);
        status = 1;
      }
    }
    return status;
  },
  env(_args, context, _stdin, io) {
    for (const [key, value] of context.env) io.stdout(`${key}=${value}\n`);
    return 0;
  },
  printenv(args, context, _stdin, io) {
    if (args.length === 0) return busyboxPrograms.env?.(args, context, '', io) ?? 0;
    let status = 0;
    for (const name of args) {
      const value = context.env.get(name);
      if (value === undefined) status = 1;
      else io.stdout(`${value}\n`);
    }
    return status;
  },
  hostname(_args, context, _stdin, io) {
    io.stdout(`${context.hostname}\n`);
    return 0;
  },
  pwd(_args, context, _stdin, io) {
    io.stdout(`${context.workingDir}\n`);
    return 0;
  },
  async sleep(args, context, _stdin, io) {
    if (args[0] === 'infinity') return context.untilStopped();
    const unit = /[smhd]$/.exec(args[0] ?? '')?.[0] ?? 's';
    const seconds = Number(args[0]?.replace(/[smhd]$/, '')) * { s: 1, m: 60, h: 3600, d: 86400 }[unit as 's'];
    if (args[0] === undefined || !Number.isFinite(seconds) || seconds < 0) {
      io.stderr(`sleep: invalid number '${args[0] ?? ''}'\n`);
      return 1;
    }
    await context.sleep(seconds * 1000);
    return 0;
  },
  test: (args, context) => (evaluateTest(args, context) ? 0 : 1),
  '['(args, context, _stdin, io) {
    if (args.at(-1) !== ']') {
      io.stderr('[: missing ]\n');
      return 2;
    }
    return evaluateTest(args.slice(0, -1), context) ? 0 : 1;
  },
  '[['(args, context, _stdin, io) {
    if (args.at(-1) !== ']]') {
      io.stderr('sh: syntax error: missing ]]\n');
      return 2;
    }
    return evaluateTest(args.slice(0, -1), context) ? 0 : 1;
  },
  touch(args, context, _stdin, io) {
    let status = 0;
    for (const arg of args.filter((a) => !a.startsWith('-'))) {
      const path = resolvePath(arg, context.workingDir);
      if (context.listDirectory(path) !== undefined) continue;
      const error = context.writeFile(path, context.readFile(path) ?? '', false);
      if (error !== undefined) {
        io.stderr(`touch: ${arg}: ${error}\n`);
        status = 1;
      }
    }
    return status;
  },
  rm(args, context, _stdin, io) {
    const force = args.some((a) => /^-[rRf]*f/.test(a));
    let status = 0;
    for (const arg of args.filter((a) => !a.startsWith('-'))) {
      if (!context.removeFile(resolvePath(arg, context.workingDir)) && !force) {
        io.stderr(`rm: can't remove '${arg}': No such file or directory\n`);
        status = 1;
      }
    }
    return status;
  },
  mkdir(args, context, _stdin, io) {
    const parents = args.some((a) => /^-\w*p/.test(a));
    let status = 0;
    for (const arg of args.filter((a) => !a.startsWith('-'))) {
      const path = resolvePath(arg, context.workingDir);
      const targets = parents
        ? path
            .split('/')
            .map((_p, i, parts) => parts.slice(0, i + 1).join('/'))
            .filter((p) => p !== '')
        : [path];
      for (const target of targets) {
        if (context.listDirectory(target) !== undefined) {
          if (parents) continue;
          io.stderr(`mkdir: can't create directory '${arg}': File exists\n`);
          status = 1;
          continue;
        }
        const error = context.makeDirectory(target);
        if (error !== undefined) {
          io.stderr(`mkdir: can't create directory '${arg}': ${error}\n`);
          status = 1;
          break;
        }
      }
    }
    return status;
  },
  ls(args, context, _stdin, io) {
    const all = args.some((a) => /^-\w*a/.test(a));
    const paths = args.filter((a) => !a.startsWith('-'));
    let status = 0;
    const targets = paths.length === 0 ? ['.'] : paths;
    for (const [i, arg] of targets.entries()) {
      const path = resolvePath(arg, context.workingDir);
      const names = context.listDirectory(path);
      if (names === undefined) {
        if (context.readFile(path) !== undefined) io.stdout(`${arg}\n`);
        else {
          io.stderr(`ls: ${arg}: No such file or directory\n`);
          status = 1;
        }
        continue;
      }
      if (targets.length > 1) io.stdout(`${i > 0 ? '\n' : ''}${arg}:\n`);
      const shown = (all ? ['.', '..', ...names] : names.filter((n) => !n.startsWith('.'))).sort();
      if (shown.length > 0) io.stdout(`${shown.join('\n')}\n`);
    }
    return status;
  },
  mount(args, _context, _stdin, io) {
    const type = args.includes('-t') ? args[args.indexOf('-t') + 1] : undefined;
    for (const line of mountTable) if (type === undefined || line.includes(` type ${type} `)) io.stdout(`${line}\n`);
    return 0;
  },
  grep(args, context, stdin, io) {
    const flags = args.filter((a) => /^-[vqicE]+$/.test(a)).join('');
    const [pattern, ...files] = args.filter((a) => !/^-[vqicE]+$/.test(a));
    if (pattern === undefined) {
      io.stderr('Usage: grep [-vqicE] PATTERN [FILE]...\n');
      return 2;
    }
    let expression: RegExp;
    try {
      expression = new RegExp(pattern, flags.includes('i') ? 'i' : '');
    } catch {
      expression = new RegExp(pattern.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), flags.includes('i') ? 'i' : '');
    }
    const input = files.length === 0 ? stdin : files.map((f) => context.readFile(resolvePath(f, context.workingDir)) ?? '').join('');
    const lines = (input.endsWith('\n') ? input.slice(0, -1) : input).split('\n').filter((line) => input !== '' && expression.test(line) !== flags.includes('v'));
    if (flags.includes('c')) io.stdout(`${lines.length}\n`);
    else if (!flags.includes('q') && lines.length > 0) io.stdout(`${lines.join('\n')}\n`);
    return lines.length > 0 ? 0 : 1;
  },
  hexdump(args, context, stdin, io) {
    const file = args.find((a) => !a.startsWith('-'));
    const bytes = file === undefined ? Buffer.from(stdin) : context.readBytes(resolvePath(file, context.workingDir));
    if (bytes === undefined) {
      io.stderr(`hexdump: ${file}: No such file or directory\n`);
      return 1;
    }
    io.stdout(canonicalHexdump(bytes));
    return 0;
  },
  id(args, context, _stdin, io) {
    const { uid, gid, groups } = context.user;
    const named = (id: number): string => (id === 0 ? `${id}(root)` : String(id));
    if (args.includes('-u')) io.stdout(`${uid}\n`);
    else if (args.includes('-g')) io.stdout(`${gid}\n`);
    else if (args.includes('-G')) io.stdout(`${groups.join(' ')}\n`);
    else io.stdout(`uid=${named(uid)} gid=${named(gid)} groups=${groups.map(named).join(',')}\n`);
    return 0;
  },
  whoami(_args, context, _stdin, io) {
    if (context.user.uid === 0) {
      io.stdout('root\n');
      return 0;
    }
    io.stderr(`whoami: unknown uid ${context.user.uid}\n`);
    return 1;
  },
  cut(args, context, stdin, io) {
    let delimiter = '\t';
    let fields: string | undefined;
    const files: string[] = [];
    for (let i = 0; i < args.length; i++) {
      const arg = args[i] as string;
      if (arg.startsWith('-d')) delimiter = arg.length > 2 ? arg.slice(2) : (args[++i] ?? '\t');
      else if (arg.startsWith('-f')) fields = arg.length > 2 ? arg.slice(2) : args[++i];
      else files.push(arg);
    }
    if (fields === undefined) {
      io.stderr('cut: expected a list of bytes, characters, or fields\n');
      return 1;
    }
    const wanted = (index: number): boolean =>
      (fields as string).split(',').some((range) => {
        const [from, to] = range.includes('-') ? range.split('-').map((n) => (n === '' ? undefined : Number(n))) : [Number(range), Number(range)];
        return index >= (from ?? 1) && index <= (to ?? Number.POSITIVE_INFINITY);
      });
    const input = files.length === 0 ? stdin : files.map((f) => context.readFile(resolvePath(f, context.workingDir)) ?? '').join('');
    for (const line of (input.endsWith('\n') ? input.slice(0, -1) : input).split('\n')) {
      if (input === '') break;
      const parts = line.split(delimiter);
      io.stdout(`${parts.length === 1 ? line : parts.filter((_p, i) => wanted(i + 1)).join(delimiter)}\n`);
    }
    return 0;
  },
  head: (args, context, stdin, io) => slice(args, context, stdin, io, 'head'),
  // `tail -f` follows its file for ever: containers use `tail -f /dev/null` to stay up.
  tail: (args, context, stdin, io) => (args.some((a) => /^-\w*[fF]/.test(a)) ? context.untilStopped() : slice(args, context, stdin, io, 'tail')),
  tar,
};

/** What `mount` shows in a container: its root, /proc and its cgroup namespace's cgroup2. */
const mountTable = [
  'overlay on / type overlay (rw,relatime)',
  'proc on /proc type proc (rw,nosuid,nodev,noexec,relatime)',
  'tmpfs on /dev type tmpfs (rw,nosuid,size=65536k,mode=755)',
  'sysfs on /sys type sysfs (ro,nosuid,nodev,noexec,relatime)',
  'cgroup on /sys/fs/cgroup type cgroup2 (ro,nosuid,nodev,noexec,relatime)',
];

/** `hexdump -C`: offset, sixteen bytes in two groups of eight, and their printable characters. */
function canonicalHexdump(bytes: Buffer): string {
  let out = '';
  for (let offset = 0; offset < bytes.length; offset += 16) {
    const row = bytes.subarray(offset, offset + 16);
    let hex = '';
    for (let i = 0; i < 16; i++) hex += (i < row.length ? `${(row[i] as number).toString(16).padStart(2, '0')} ` : '   ') + (i === 7 ? ' ' : '');
    const text = [...row].map((b) => (b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : '.')).join('');
    out += `${offset.toString(16).padStart(8, '0')}  ${hex} |${text}|\n`;
  }
  return `${out}${bytes.length.toString(16).padStart(8, '0')}\n`;
}

/** head -n N / tail -n N (lines) and tail -c +N (bytes from N), on a file or stdin. */
function slice(args: readonly string[], context: ShellContext, stdin: string, io: Output, which: 'head' | 'tail'): number {
  let lines = 10;
  let fromByte: number | undefined;
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    const value = /^-[nc]$/.test(arg) ? (args[++i] ?? '') : /^-[nc]/.test(arg) ? arg.slice(2) : /^-\d+$/.test(arg) ? arg.slice(1) : undefined;
    if (value === undefined) files.push(arg);
    else if (arg.startsWith('-c') && value.startsWith('+')) fromByte = Number(value.slice(1));
    else lines = Number(value);
  }
  const input = files.length === 0 ? stdin : context.readFile(resolvePath(files[0] as string, context.workingDir));
  if (input === undefined) {
    io.stderr(`${which}: can't open '${files[0]}': No such file or directory\n`);
    return 1;
  }
  if (fromByte !== undefined) {
    io.stdout(
      Buffer.from(input)
        .subarray(Math.max(0, fromByte - 1))
        .toString(),
    );
    return 0;
  }
  const all = input.endsWith('\n') ? input.slice(0, -1).split('\n') : input.split('\n');
  const chosen = which === 'head' ? all.slice(0, lines) : all.slice(Math.max(0, all.length - lines));
  if (input !== '') io.stdout(`${chosen.join('\n')}\n`);
  return 0;
}

const escapes: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };

function unescape(text: string): string {
  return text.replace(/\\(0[0-7]{0,3}|[ntr\\abfve])/g, (_m, code: string) => (code.startsWith('0') ? String.fromCharCode(Number.parseInt(code, 8)) : (escapes[code] as string)));
}

/** printf's FORMAT with %s %b %d %i %u %x %o %c %f and %%, reused while arguments remain. */
export function formatPrintf(format: string, args: readonly string[]): string {
  let out = '';
  let next = 0;
  const directive = /%([-+ 0#]*)(\d*)(?:\.(\d+))?([sbdiuxXocf%])/g;
  do {
    const start = next;
    out += unescape(format).replace(directive, (_m, flags: string, width: string, precision: string | undefined, kind: string) => {
      if (kind === '%') return '%';
      const arg = args[next++] ?? '';
      let text: string;
      if (kind === 's') text = precision === undefined ? arg : arg.slice(0, Number(precision));
      else if (kind === 'b') text = unescape(arg);
      else if (kind === 'c') text = arg.slice(0, 1);
      else if (kind === 'f') text = (Number(arg) || 0).toFixed(precision === undefined ? 6 : Number(precision));
      else {
        const n = Math.trunc(Number(arg) || 0);
        text = kind === 'x' ? n.toString(16) : kind === 'X' ? n.toString(16).toUpperCase() : kind === 'o' ? n.toString(8) : String(n);
      }
      const pad = Number(width || 0) - text.length;
      if (pad <= 0) return text;
      if (flags.includes('-')) return text + ' '.repeat(pad);
      return (flags.includes('0') && kind !== 's' ? '0' : ' ').repeat(pad) + text;
    });
    if (next === start) break;
  } while (next < args.length);
  return out;
}

function evaluateTest(args: readonly string[], context: ShellContext): boolean {
  if (args[0] === '!') return !evaluateTest(args.slice(1), context);
  if (args.length === 0) return false;
  if (args.length === 1) return (args[0] as string) !== '';
  if (isPair(args)) {
    const [op, operand] = args;
    const path = resolvePath(operand, context.workingDir);
    if (op === '-d') return context.listDirectory(path) !== undefined;
    if (op === '-e') return context.readFile(path) !== undefined || context.listDirectory(path) !== undefined;
    if (op === '-f' || op === '-r' || op === '-s' || op === '-w' || op === '-x') {
      const content = context.readFile(path);
      return content !== undefined && (op !== '-s' || content.length > 0);
    }
    if (op === '-z') return operand === '';
    if (op === '-n') return operand !== '';
    return false;
  }
  const [left, op, right] = args as [string, string, string];
  if (op === '=' || op === '==') return left === right;
  if (op === '!=') return left !== right;
  const a = Number(left);
  const b = Number(right);
  switch (op) {
    case '-eq':
      return a === b;
    case '-ne':
      return a !== b;
    case '-lt':
      return a < b;
    case '-le':
      return a <= b;
    case '-gt':
      return a > b;
    case '-ge':
      return a >= b;
    default:
      return false;
  }
}

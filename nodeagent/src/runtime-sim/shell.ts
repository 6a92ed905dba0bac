import { errorMessage, isPair } from '@capstan/common';
// What a simulated container runs for exec: a few busybox commands (echo, cat, env, printenv,
// hostname, pwd, sleep, test, touch, rm, true, false) and `sh -c` scripts with quotes, $VAR, ;,
// &&, ||, | and > / >> redirection. Enough for `kubectl exec` and exec probes; messages are
// busybox's, whose sh says `sh: foo: not found` and exits 127 for an unknown command.

export interface ShellContext {
  readonly hostname: string;
  readonly workingDir: string;
  readonly env: ReadonlyMap<string, string>;
  readFile(path: string): string | undefined;
  /** Answers why the write failed ("Read-only file system"), or undefined. */
  writeFile(path: string, content: string, append: boolean): string | undefined;
  removeFile(path: string): boolean;
  sleep(ms: number): Promise<void>;
}

export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly exitCode: number;
}

/** Exec of a program the container does not have (no shell in between: the runtime reports it). */
export class ExecutableNotFound extends Error {
  override name = 'ExecutableNotFound';
  readonly executable: string;

  constructor(executable: string) {
    super(`exec: "${executable}": executable file not found in $PATH`);
    this.executable = executable;
  }
}

const shells = new Set(['sh', 'ash', 'bash']);

/** Runs argv as the container's first exec'd process would. */
export async function runCommand(argv: readonly string[], context: ShellContext, stdin = ''): Promise<CommandResult> {
  const name = programName(argv[0] ?? '');
  if (!shells.has(name) && !(name in programs)) throw new ExecutableNotFound(argv[0] ?? '');
  const io = { stdout: '', stderr: '' };
  const exitCode = await runProgram(argv, context, stdin, io, 0);
  return { ...io, exitCode };
}

interface Output {
  stdout: string;
  stderr: string;
}

type Program = (args: readonly string[], context: ShellContext, stdin: string, io: Output) => number | Promise<number>;

/** `/bin/echo` is echo: busybox installs its applets under several directories. */
function programName(path: string): string {
  const match = /^(?:\/usr)?\/s?bin\/([^/]+)$/.exec(path);
  return match?.[1] ?? path;
}

async function runProgram(argv: readonly string[], context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  const name = programName(argv[0] ?? '');
  if (shells.has(name)) return runShell(argv.slice(1), context, stdin, io, depth);
  const program = programs[name];
  if (program === undefined) {
    io.stderr += `sh: ${argv[0]}: not found\n`;
    return 127;
  }
  return program(argv.slice(1), context, stdin, io);
}

async function runShell(args: readonly string[], context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  if (depth > 8) {
    io.stderr += 'sh: too many nested shells\n';
    return 2;
  }
  if (args[0] === '-c') {
    if (args[1] === undefined) {
      io.stderr += 'sh: -c requires an argument\n';
      return 2;
    }
    return runScript(args[1], context, '', io, depth);
  }
  if (args.length > 0) {
    const script = context.readFile(args[0] as string);
    if (script === undefined) {
      io.stderr += `sh: can't open '${args[0]}': No such file or directory\n`;
      return 2;
    }
    return runScript(script, context, stdin, io, depth);
  }
  return runScript(stdin, context, '', io, depth);
}

class ShellExit {
  readonly code: number;
  constructor(code: number) {
    this.code = code;
  }
}

/** Runs a script; `exit` ends it with its code. */
export async function runScript(script: string, context: ShellContext, stdin: string, io: Output, depth = 0): Promise<number> {
  const state = { status: 0 };
  let lists: CommandList[];
  try {
    lists = parseScript(script);
  } catch (error) {
    io.stderr += `sh: syntax error: ${errorMessage(error)}\n`;
    return 2;
  }
  try {
    for (const list of lists) {
      if ((list.connector === '&&' && state.status !== 0) || (list.connector === '||' && state.status === 0)) continue;
      state.status = await runPipeline(list.pipeline, context, stdin, io, state, depth);
    }
  } catch (error) {
    if (error instanceof ShellExit) return error.code;
    throw error;
  }
  return state.status;
}

async function runPipeline(pipeline: readonly SimpleCommand[], context: ShellContext, stdin: string, io: Output, state: { status: number }, depth: number): Promise<number> {
  let input = stdin;
  let status = 0;
  for (const [i, command] of pipeline.entries()) {
    const last = i === pipeline.length - 1;
    const argv = command.words.map((word) => expandWord(word, context.env, state.status));
    const out: Output = { stdout: '', stderr: '' };
    if (argv[0] === 'exit') {
      const code = argv[1] === undefined ? state.status : Number.parseInt(argv[1], 10);
      throw new ShellExit(Number.isNaN(code) ? 2 : code & 0xff);
    }
    status = argv.length === 0 ? 0 : await runProgram(argv, context, input, out, depth + 1);
    const streams: Record<1 | 2, string> = { 1: out.stdout, 2: out.stderr };
    for (const redirect of command.redirects) {
      if (typeof redirect.target === 'number') {
        streams[redirect.target] += streams[redirect.fd];
        streams[redirect.fd] = '';
        continue;
      }
      const target = expandWord(redirect.target, context.env, state.status);
      const error = target === '/dev/null' ? undefined : context.writeFile(resolvePath(target, context.workingDir), streams[redirect.fd], redirect.append);
      if (error !== undefined) {
        streams[2] += `sh: can't create ${target}: ${error}\n`;
        status = 1;
      }
      streams[redirect.fd] = '';
    }
    const stdout = streams[1];
    io.stderr += streams[2];
    if (last) io.stdout += stdout;
    else input = stdout;
  }
  return status;
}

// Programs ------------------------------------------------------------------------------------

const programs: Readonly<Record<string, Program>> = {
  true: () => 0,
  false: () => 1,
  echo(args, _context, _stdin, io) {
    const noNewline = args[0] === '-n';
    io.stdout += (noNewline ? args.slice(1) : args).join(' ') + (noNewline ? '' : '\n');
    return 0;
  },
  cat(args, context, stdin, io) {
    if (args.length === 0) {
      io.stdout += stdin;
      return 0;
    }
    let status = 0;
    for (const arg of args) {
      if (arg === '-') {
        io.stdout += stdin;
        continue;
      }
      const content = context.readFile(resolvePath(arg, context.workingDir));
      if (content === undefined) {
        io.stderr += `cat: can't open '${arg}': No such file or directory\n`;
        status = 1;
      } else io.stdout += content;
    }
    return status;
  },
  env(_args, context, _stdin, io) {
    for (const [key, value] of context.env) io.stdout += `${key}=${value}\n`;
    return 0;
  },
  printenv(args, context, _stdin, io) {
    if (args.length === 0) return programs.env?.(args, context, '', io) ?? 0;
    let status = 0;
    for (const name of args) {
      const value = context.env.get(name);
      if (value === undefined) status = 1;
      else io.stdout += `${value}\n`;
    }
    return status;
  },
  hostname(_args, context, _stdin, io) {
    io.stdout += `${context.hostname}\n`;
    return 0;
  },
  pwd(_args, context, _stdin, io) {
    io.stdout += `${context.workingDir}\n`;
    return 0;
  },
  async sleep(args, context, _stdin, io) {
    const seconds = Number(args[0]);
    if (args[0] === undefined || !Number.isFinite(seconds) || seconds < 0) {
      io.stderr += `sleep: invalid number '${args[0] ?? ''}'\n`;
      return 1;
    }
    await context.sleep(seconds * 1000);
    return 0;
  },
  test: (args, context) => (evaluateTest(args, context) ? 0 : 1),
  '['(args, context, _stdin, io) {
    if (args.at(-1) !== ']') {
      io.stderr += '[: missing ]\n';
      return 2;
    }
    return evaluateTest(args.slice(0, -1), context) ? 0 : 1;
  },
  touch(args, context, _stdin, io) {
    let status = 0;
    for (const arg of args) {
      const path = resolvePath(arg, context.workingDir);
      const error = context.writeFile(path, context.readFile(path) ?? '', false);
      if (error !== undefined) {
        io.stderr += `touch: ${arg}: ${error}\n`;
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
        io.stderr += `rm: can't remove '${arg}': No such file or directory\n`;
        status = 1;
      }
    }
    return status;
  },
};

function evaluateTest(args: readonly string[], context: ShellContext): boolean {
  if (args[0] === '!') return !evaluateTest(args.slice(1), context);
  if (args.length === 0) return false;
  if (args.length === 1) return (args[0] as string) !== '';
  if (isPair(args)) {
    const [op, operand] = args;
    if (op === '-e' || op === '-f' || op === '-r' || op === '-s') {
      const content = context.readFile(resolvePath(operand, context.workingDir));
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

function resolvePath(path: string, workingDir: string): string {
  const absolute = path.startsWith('/') ? path : `${workingDir.replace(/\/$/, '')}/${path}`;
  const parts: string[] = [];
  for (const part of absolute.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

// Parsing -------------------------------------------------------------------------------------

/** A word's pieces: quoted single pieces are taken as written, the others expand $NAME and $?. */
type Word = readonly { readonly text: string; readonly expand: boolean }[];

interface SimpleCommand {
  readonly words: Word[];
  /** `>f`, `2>>f`, and the duplications `>&2` and `2>&1` (target: the other descriptor), in order. */
  readonly redirects: { readonly fd: 1 | 2; readonly target: Word | 1 | 2; readonly append: boolean }[];
}

interface CommandList {
  readonly connector: ';' | '&&' | '||';
  readonly pipeline: SimpleCommand[];
}

type Token = { readonly kind: 'word'; readonly word: Word } | { readonly kind: 'op'; readonly op: string };

/** Longest first; `&` (run in the background) runs in the foreground, as `;`. */
const operators = ['2>&1', '1>&2', '>&2', '2>>', '2>', '1>>', '1>', '&&', '||', '>>', ';', '\n', '|', '>', '&'];

const redirections: Readonly<Record<string, { fd: 1 | 2; append: boolean; duplicate?: 1 | 2 }>> = {
  '>': { fd: 1, append: false },
  '1>': { fd: 1, append: false },
  '>>': { fd: 1, append: true },
  '1>>': { fd: 1, append: true },
  '2>': { fd: 2, append: false },
  '2>>': { fd: 2, append: true },
  '>&2': { fd: 1, append: false, duplicate: 2 },
  '1>&2': { fd: 1, append: false, duplicate: 2 },
  '2>&1': { fd: 2, append: false, duplicate: 1 },
};

function tokenize(script: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < script.length) {
    const c = script[i] as string;
    if (c === ' ' || c === '\t') {
      i++;
      continue;
    }
    if (c === '#') {
      while (i < script.length && script[i] !== '\n') i++;
      continue;
    }
    const op = operators.find((o) => script.startsWith(o, i));
    if (op !== undefined) {
      tokens.push({ kind: 'op', op: op === '\n' || op === '&' ? ';' : op });
      i += op.length;
      continue;
    }
    const word: { text: string; expand: boolean }[] = [];
    while (i < script.length && !' \t\n;&|>'.includes(script[i] as string)) {
      const ch = script[i] as string;
      if (ch === "'") {
        const end = script.indexOf("'", i + 1);
        if (end < 0) throw new Error('unterminated quoted string');
        word.push({ text: script.slice(i + 1, end), expand: false });
        i = end + 1;
      } else if (ch === '"') {
        let text = '';
        i++;
        while (i < script.length && script[i] !== '"') {
          if (script[i] === '\\' && i + 1 < script.length && '"\\$`'.includes(script[i + 1] as string)) {
            word.push({ text, expand: true }, { text: script[i + 1] as string, expand: false });
            text = '';
            i += 2;
          } else text += script[i++];
        }
        if (i >= script.length) throw new Error('unterminated quoted string');
        word.push({ text, expand: true });
        i++;
      } else if (ch === '\\' && i + 1 < script.length) {
        word.push({ text: script[i + 1] as string, expand: false });
        i += 2;
      } else {
        const last = word.at(-1);
        if (last?.expand) last.text += ch;
        else word.push({ text: ch, expand: true });
        i++;
      }
    }
    if (word.length === 0) throw new Error(`unexpected "${script[i]}"`);
    tokens.push({ kind: 'word', word });
  }
  return tokens;
}

function parseScript(script: string): CommandList[] {
  const lists: CommandList[] = [];
  let connector: CommandList['connector'] = ';';
  let pipeline: SimpleCommand[] = [];
  let command: SimpleCommand = { words: [], redirects: [] };
  const tokens = tokenize(script);
  const endCommand = (): void => {
    if (command.words.length > 0 || command.redirects.length > 0) pipeline.push(command);
    command = { words: [], redirects: [] };
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'word') {
      command.words.push(token.word);
      continue;
    }
    const redirection = redirections[token.op];
    if (redirection !== undefined) {
      if (redirection.duplicate !== undefined) {
        command.redirects.push({ fd: redirection.fd, target: redirection.duplicate, append: false });
        continue;
      }
      const target = tokens[++i];
      if (target?.kind !== 'word') throw new Error(`unexpected ${target === undefined ? 'end of file' : `"${target.op}"`} after ${token.op}`);
      command.redirects.push({ fd: redirection.fd, target: target.word, append: redirection.append });
      continue;
    }
    endCommand();
    if (token.op === '|') {
      if (pipeline.length === 0) throw new Error('unexpected "|"');
      continue;
    }
    if (pipeline.length > 0) lists.push({ connector, pipeline });
    else if (token.op !== ';') throw new Error(`unexpected "${token.op}"`);
    pipeline = [];
    connector = token.op as CommandList['connector'];
  }
  endCommand();
  if (pipeline.length > 0) lists.push({ connector, pipeline });
  return lists;
}

function expandWord(word: Word, env: ReadonlyMap<string, string>, status: number): string {
  let out = '';
  for (const piece of word) {
    out += piece.expand
      ? piece.text.replace(/\$(?:\{([A-Za-z_][A-Za-z0-9_]*)\}|([A-Za-z_][A-Za-z0-9_]*)|(\?))/g, (_m, braced?: string, bare?: string, question?: string) =>
          question !== undefined ? String(status) : (env.get((braced ?? bare) as string) ?? ''),
        )
      : piece.text;
  }
  return out;
}

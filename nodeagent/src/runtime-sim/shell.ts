// What a simulated container runs: its main process and what exec starts. `sh` (sh, ash, bash) is
// the interpreter of shell-parser.ts's grammar with the builtins exit, exec, cd, export, set, trap,
// `:`; other programs are shell-programs.ts's (busybox's applets, agnhost, servers). Messages are
// busybox's, whose sh says `sh: foo: not found` and exits 127 for an unknown command.

import { errorMessage } from '@capstan/common';
import { evaluateArithmetic } from './shell-arithmetic.ts';
import { CapturedOutput, type Output, ProcessEnded, resolvePath, type ShellContext } from './shell-context.ts';
import { type Command, parseScript, type Redirect, type Script, type Word, type WordPiece } from './shell-parser.ts';
import { findProgram, isShell, programName } from './shell-programs.ts';

export type { ShellContext } from './shell-context.ts';

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

/** Whether the container can exec argv[0]: a program it has, or a script file starting with `#!`. */
export function canExecute(argv0: string, context: ShellContext): boolean {
  return isShell(argv0) || findProgram(argv0) !== undefined || (argv0.includes('/') && context.readFile(resolvePath(argv0, context.workingDir))?.startsWith('#!') === true);
}

/** Runs argv printing as it goes (a container's main process); answers its exit code. */
export function runProgram(argv: readonly string[], context: ShellContext, stdin: string, io: Output, depth = 0): Promise<number> {
  return runArgv(argv, { vars: new Map(context.env), cwd: context.workingDir, status: 0, args: [] }, context, stdin, io, depth);
}

/** A shell's variables, working directory and last status. */
interface ShellState {
  readonly vars: Map<string, string>;
  cwd: string;
  status: number;
  /** $0, $1, … */
  readonly args: readonly string[];
}

class ShellExit {
  readonly code: number;
  constructor(code: number) {
    this.code = code;
  }
}

async function runArgv(argv: readonly string[], state: ShellState, context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  const name = programName(argv[0] ?? '');
  const local = { ...context, env: state.vars, workingDir: state.cwd };
  if (isShell(name)) return runShell(argv.slice(1), local, stdin, io, depth);
  const program = findProgram(argv[0] ?? '');
  if (program !== undefined) return program(argv.slice(1), local, stdin, io);
  const script = argv[0]?.includes('/') ? context.readFile(resolvePath(argv[0], state.cwd)) : undefined;
  if (script?.startsWith('#!')) return runScript(script, local, stdin, io, depth + 1, argv);
  io.stderr(`sh: ${argv[0]}: not found\n`);
  return 127;
}

async function runShell(args: readonly string[], context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  if (depth > 8) {
    io.stderr('sh: too many nested shells\n');
    return 2;
  }
  const options = args.filter((a, i) => a.startsWith('-') && args.slice(0, i).every((b) => b.startsWith('-')));
  const rest = args.slice(options.length);
  if (options.some((o) => o.includes('c'))) {
    if (rest[0] === undefined) {
      io.stderr('sh: -c requires an argument\n');
      return 2;
    }
    return runScript(rest[0], context, '', io, depth, rest.slice(1).length > 0 ? rest.slice(1) : ['sh']);
  }
  if (rest.length > 0) {
    const script = context.readFile(resolvePath(rest[0] as string, context.workingDir));
    if (script === undefined) {
      io.stderr(`sh: can't open '${rest[0]}': No such file or directory\n`);
      return 2;
    }
    return runScript(script, context, stdin, io, depth, rest);
  }
  return runScript(stdin, context, '', io, depth, ['sh']);
}

/** Runs a script; `exit` ends it with its code. */
export async function runScript(script: string, context: ShellContext, stdin: string, io: Output, depth = 0, args: readonly string[] = ['sh']): Promise<number> {
  let parsed: Script;
  try {
    parsed = parseScript(script);
  } catch (error) {
    io.stderr(`sh: syntax error: ${errorMessage(error)}\n`);
    return 2;
  }
  const state: ShellState = { vars: new Map(context.env), cwd: context.workingDir, status: 0, args };
  try {
    return await runList(parsed, state, context, stdin, io, depth);
  } catch (error) {
    if (error instanceof ShellExit) return error.code;
    throw error;
  }
}

async function runList(script: Script, state: ShellState, context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  for (const { connector, pipeline, background } of script) {
    if ((connector === '&&' && state.status !== 0) || (connector === '||' && state.status === 0)) continue;
    if (background) {
      // A background job: the script goes on at once; what it prints still reaches the output.
      const job: ShellState = { vars: new Map(state.vars), cwd: state.cwd, status: state.status, args: state.args };
      runPipeline(pipeline, job, context, stdin, io, depth).catch(() => {});
      state.status = 0;
      continue;
    }
    state.status = await runPipeline(pipeline, state, context, stdin, io, depth);
  }
  return state.status;
}

async function runPipeline(pipeline: readonly Command[], state: ShellState, context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  let input = stdin;
  let status = 0;
  for (const [i, command] of pipeline.entries()) {
    const last = i === pipeline.length - 1;
    if (last && command.redirects.length === 0) return runCommandNode(command, state, context, input, io, depth);
    const out = new CapturedOutput();
    const redirected = await redirectInput(command.redirects, state, context, input, out);
    status = redirected.ok ? await runCommandNode(command, state, context, redirected.input, out, depth) : 1;
    const routed = routeOutput(command.redirects, state, context, out);
    if (last) io.stdout(routed.stdout);
    else input = routed.stdout;
    if (out.err !== '') io.stderr(out.err);
    if (routed.failed) status = 1;
  }
  return status;
}

async function redirectInput(redirects: readonly Redirect[], state: ShellState, context: ShellContext, input: string, out: Output): Promise<{ ok: boolean; input: string }> {
  for (const redirect of redirects) {
    if (redirect.fd !== 0 || typeof redirect.target === 'number') continue;
    const target = expandWord(await substitute(redirect.target, state, context, out, 0), state).join(' ');
    const content = context.readFile(resolvePath(target, state.cwd));
    if (content === undefined) {
      out.stderr(`sh: can't open '${target}': No such file or directory\n`);
      return { ok: false, input };
    }
    input = content;
  }
  return { ok: true, input };
}

/** Sends captured output where the redirections say, in order; answers what is left for stdout. */
function routeOutput(redirects: readonly Redirect[], state: ShellState, context: ShellContext, out: CapturedOutput): { stdout: string; failed: boolean } {
  let failed = false;
  const streams: Record<1 | 2, string> = { 1: out.out, 2: out.err };
  for (const redirect of redirects) {
    if (redirect.fd === 0) continue;
    if (typeof redirect.target === 'number') {
      streams[redirect.target] += streams[redirect.fd];
      streams[redirect.fd] = '';
      continue;
    }
    const target = expandWord(redirect.target, state).join(' ');
    const error = target === '/dev/null' ? undefined : context.writeFile(resolvePath(target, state.cwd), streams[redirect.fd], redirect.append);
    streams[redirect.fd] = '';
    if (error === undefined) continue;
    streams[2] += `sh: can't create ${target}: ${error}\n`;
    failed = true;
  }
  out.err = streams[2];
  return { stdout: streams[1], failed };
}

async function runCommandNode(command: Command, state: ShellState, context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  switch (command.kind) {
    case 'simple':
      return runSimple(command.words, state, context, stdin, io, depth);
    case 'if': {
      for (const branch of command.branches) {
        if ((await runList(branch.condition, state, context, stdin, io, depth)) === 0) return runList(branch.body, state, context, stdin, io, depth);
      }
      return command.otherwise === undefined ? 0 : runList(command.otherwise, state, context, stdin, io, depth);
    }
    case 'loop': {
      let status = 0;
      while (((await runList(command.condition, state, context, stdin, io, depth)) === 0) !== command.until) {
        status = await runList(command.body, state, context, stdin, io, depth);
        // A loop that never sleeps would hold the event loop for ever: let timers and I/O run.
        await context.tick();
      }
      return status;
    }
    case 'for': {
      let status = 0;
      const items: string[] = [];
      for (const item of command.items) items.push(...expandWord(await substitute(item, state, context, io, depth), state));
      if (command.items.length === 0) items.push(...state.args.slice(1));
      for (const item of items) {
        state.vars.set(command.name, item);
        status = await runList(command.body, state, context, stdin, io, depth);
      }
      return status;
    }
    case 'group': {
      if (!command.subshell) return runList(command.body, state, context, stdin, io, depth);
      const inner: ShellState = { vars: new Map(state.vars), cwd: state.cwd, status: state.status, args: state.args };
      try {
        return await runList(command.body, inner, context, stdin, io, depth);
      } catch (error) {
        if (error instanceof ShellExit) return error.code;
        throw error;
      }
    }
  }
}

async function runSimple(words: readonly Word[], state: ShellState, context: ShellContext, stdin: string, io: Output, depth: number): Promise<number> {
  const assignments: [string, string][] = [];
  let first = 0;
  for (; first < words.length; first++) {
    const piece = (words[first] as Word)[0];
    const match = piece?.mode === 'bare' ? /^([A-Za-z_]\w*)=/.exec(piece.text) : null;
    if (piece === undefined || match === null) break;
    const value = [{ ...piece, text: piece.text.slice(match[0].length) }, ...(words[first] as Word).slice(1)];
    assignments.push([match[1] as string, expandWord(await substitute(value, state, context, io, depth), state, false).join('')]);
  }
  const argv: string[] = [];
  for (const word of words.slice(first)) argv.push(...expandWord(await substitute(word, state, context, io, depth), state));
  if (argv.length === 0) {
    for (const [key, value] of assignments) state.vars.set(key, value);
    return 0;
  }
  const builtin = builtins[argv[0] as string];
  if (builtin !== undefined) return builtin(argv.slice(1), state, io);
  if (argv[0] === 'exec' && argv.length > 1) throw new ShellExit(await runArgv(argv.slice(1), withAssignments(state, assignments), context, stdin, io, depth + 1));
  return runArgv(argv, withAssignments(state, assignments), context, stdin, io, depth + 1);
}

function withAssignments(state: ShellState, assignments: readonly [string, string][]): ShellState {
  if (assignments.length === 0) return state;
  return { ...state, vars: new Map([...state.vars, ...assignments]) };
}

type Builtin = (args: readonly string[], state: ShellState, io: Output) => number;

const builtins: Readonly<Record<string, Builtin>> = {
  exit(args, state) {
    const code = args[0] === undefined ? state.status : Number.parseInt(args[0], 10);
    throw new ShellExit(Number.isNaN(code) ? 2 : code & 0xff);
  },
  ':': () => 0,
  exec: () => 0,
  set: () => 0,
  trap: () => 0,
  wait: () => 0,
  export(args, state) {
    for (const arg of args) {
      const eq = arg.indexOf('=');
      if (eq > 0) state.vars.set(arg.slice(0, eq), arg.slice(eq + 1));
    }
    return 0;
  },
  unset(args, state) {
    for (const arg of args) state.vars.delete(arg);
    return 0;
  },
  cd(args, state, io) {
    state.cwd = resolvePath(args[0] ?? state.vars.get('HOME') ?? '/', state.cwd);
    if (args[0] === '-') io.stdout(`${state.cwd}\n`);
    return 0;
  },
};

/** The word with its command substitutions run (in a subshell) and replaced by what they printed, trailing newlines cut. */
async function substitute(word: Word, state: ShellState, context: ShellContext, io: Output, depth: number): Promise<Word> {
  if (!word.some((piece) => piece.mode === 'command' || piece.mode === 'quoted-command')) return word;
  const pieces: WordPiece[] = [];
  for (const piece of word) {
    if (piece.mode !== 'command' && piece.mode !== 'quoted-command') {
      pieces.push(piece);
      continue;
    }
    const out = new CapturedOutput();
    const inner: ShellState = { vars: new Map(state.vars), cwd: state.cwd, status: state.status, args: state.args };
    try {
      state.status = await runList(parseScript(piece.text), inner, context, '', out, depth + 1);
    } catch (error) {
      if (error instanceof ShellExit) state.status = error.code;
      else if (error instanceof Error && !(error instanceof ProcessEnded)) out.err += `sh: syntax error: ${errorMessage(error)}\n`;
      else throw error;
    }
    if (out.err !== '') io.stderr(out.err);
    pieces.push({ text: out.out.replace(/\n+$/, ''), mode: piece.mode === 'command' ? 'fields' : 'literal' });
  }
  return pieces;
}

/** $NAME, ${NAME}, ${#NAME}, ${NAME:-word} (and -, :=, =, :+, +, :?, ?), $1, $#, $?, $@, $((…)). */
const parameter = /\$(?:\{(#?)([A-Za-z_]\w*|[0-9#?@])(?:(:?[-=+?])([^}]*))?\}|([A-Za-z_]\w*)|([0-9#?@])|\(\((.*?)\)\))/g;

/** A word's fields: expanded parameters, bare expansions split at blanks (unless `split` is false). */
function expandWord(word: Word, state: ShellState, split = true): string[] {
  const fields: string[] = [];
  let current = '';
  let quotedEmpty = false;
  for (const piece of word) {
    if (piece.mode === 'literal') {
      current += piece.text;
      quotedEmpty = true;
      continue;
    }
    // A substitution left unrun (a redirection's target of an output) is empty.
    if (piece.mode === 'command' || piece.mode === 'quoted-command') continue;
    if (piece.mode === 'fields') {
      const parts = split ? piece.text.split(/[ \t\n]+/) : [piece.text];
      current += parts[0];
      for (const part of parts.slice(1)) {
        if (current !== '') fields.push(current);
        current = part;
      }
      continue;
    }
    let last = 0;
    for (const match of piece.text.matchAll(parameter)) {
      current += piece.text.slice(last, match.index);
      last = (match.index ?? 0) + match[0].length;
      const value = match[7] !== undefined ? String(evaluateArithmetic(expandText(match[7], state), state.vars)) : expandParameter(match, state);
      if (piece.mode === 'quoted' || !split) {
        current += value;
        continue;
      }
      const parts = value.split(/[ \t\n]+/);
      current += parts[0];
      for (const part of parts.slice(1)) {
        if (current !== '') fields.push(current);
        current = part;
      }
    }
    current += piece.text.slice(last);
    if (piece.mode === 'quoted') quotedEmpty = true;
  }
  if (current !== '' || quotedEmpty || !split) fields.push(current);
  return fields;
}

function expandText(text: string, state: ShellState): string {
  return expandWord([{ text, mode: 'quoted' }], state, false).join('');
}

function expandParameter(match: RegExpMatchArray, state: ShellState): string {
  const [, length, braced, operator, word] = match;
  const name = braced ?? match[5] ?? match[6] ?? '';
  const isSet = name === '?' || name === '#' || name === '@' || (/^[0-9]$/.test(name) ? Number(name) < state.args.length : state.vars.has(name));
  const value = parameterValue(name, state);
  if (length === '#') return String(value.length);
  if (operator === undefined) return value;
  const present = operator.startsWith(':') ? value !== '' : isSet;
  const alternative = expandText(word ?? '', state);
  switch (operator.replace(':', '')) {
    case '-':
      return present ? value : alternative;
    case '=':
      if (!present) state.vars.set(name, alternative);
      return present ? value : alternative;
    case '+':
      return present ? alternative : '';
    default:
      // `?`: a missing value ends a script with its message in busybox; here the value is used as it is.
      return value;
  }
}

function parameterValue(name: string, state: ShellState): string {
  if (name === '?') return String(state.status);
  if (name === '#') return String(Math.max(0, state.args.length - 1));
  if (name === '@') return state.args.slice(1).join(' ');
  if (/^[0-9]$/.test(name)) return state.args[Number(name)] ?? '';
  return state.vars.get(name) ?? '';
}

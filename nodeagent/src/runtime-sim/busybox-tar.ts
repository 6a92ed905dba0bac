// busybox's tar as kubectl cp drives it: `tar cf - PATH` out of the container and
// `tar -xmf - -C DIR` into it (ustar, with PAX and GNU long names read). Archives travel as the exec
// streams' text: what files hold is text in the simulated file system.

import { type Output, type Program, resolvePath, type ShellContext } from './shell-context.ts';

const block = 512;

export const tar: Program = (args, context, stdin, io) => {
  const options = parseTarArgs(args);
  if (typeof options === 'string') {
    io.stderr(`tar: ${options}\n`);
    return 1;
  }
  const base = resolvePath(options.directory ?? '.', context.workingDir);
  if (options.mode === 'create') return createArchive(options.paths, { ...context, workingDir: base }, io);
  const archive = options.file === '-' ? stdin : context.readFile(resolvePath(options.file, context.workingDir));
  if (archive === undefined) {
    io.stderr(`tar: can't open '${options.file}': No such file or directory\n`);
    return 1;
  }
  return extractArchive(Buffer.from(archive), base, context, io);
};

interface TarOptions {
  readonly mode: 'create' | 'extract';
  readonly file: string;
  readonly directory?: string;
  readonly paths: readonly string[];
}

function parseTarArgs(args: readonly string[]): TarOptions | string {
  let mode: TarOptions['mode'] | undefined;
  let file = '-';
  let directory: string | undefined;
  const paths: string[] = [];
  const rest = [...args];
  // The first word may bundle its letters without a dash (`tar cf - x`).
  if (rest[0] !== undefined && !rest[0].startsWith('-')) rest[0] = `-${rest[0]}`;
  while (rest.length > 0) {
    const arg = rest.shift() as string;
    if (arg.startsWith('--')) {
      if (arg.startsWith('--directory=')) directory = arg.slice('--directory='.length);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      paths.push(arg);
      continue;
    }
    for (const letter of arg.slice(1)) {
      if (letter === 'c') mode = 'create';
      else if (letter === 'x') mode = 'extract';
      else if (letter === 'f') file = rest.shift() ?? '-';
      else if (letter === 'C') directory = rest.shift();
    }
  }
  if (mode === undefined) return 'need one of -c, -x';
  return { mode, file, ...(directory !== undefined && { directory }), paths };
}

function createArchive(paths: readonly string[], context: ShellContext, io: Output): number {
  if (paths.length === 0) {
    io.stderr('tar: empty archive\n');
    return 1;
  }
  const chunks: Buffer[] = [];
  let status = 0;
  let warned = false;
  const add = (name: string, path: string): void => {
    const entries = context.listDirectory(path);
    if (entries !== undefined) {
      chunks.push(header(`${name}/`, 0, '5', 0o755));
      for (const entry of entries.sort()) add(`${name}/${entry}`, `${path.replace(/\/$/, '')}/${entry}`);
      return;
    }
    const content = context.readFile(path);
    if (content === undefined) {
      io.stderr(`tar: ${name}: No such file or directory\n`);
      status = 1;
      return;
    }
    const data = Buffer.from(content);
    chunks.push(header(name, data.length, '0', 0o644), data, Buffer.alloc((block - (data.length % block)) % block));
  };
  for (const path of paths) {
    let name = path.replace(/\/+$/, '') || '/';
    if (name.startsWith('/')) {
      if (!warned) io.stderr("tar: removing leading '/' from member names\n");
      warned = true;
      name = name.replace(/^\/+/, '');
    }
    add(name || '.', resolvePath(path, context.workingDir));
  }
  chunks.push(Buffer.alloc(block * 2));
  io.stdout(Buffer.concat(chunks).toString());
  return status;
}

function header(name: string, size: number, type: '0' | '5', mode: number): Buffer {
  const out = Buffer.alloc(block);
  let prefix = '';
  let short = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', name.length - 2);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
  }
  out.write(short, 0, 100);
  out.write(`${mode.toString(8).padStart(7, '0')}\0`, 100);
  out.write('0000000\0', 108);
  out.write('0000000\0', 116);
  out.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  out.write(
    `${Math.floor(Date.now() / 1000)
      .toString(8)
      .padStart(11, '0')}\0`,
    136,
  );
  out.write(type, 156);
  out.write('ustar\0' + '00', 257);
  out.write('root', 265);
  out.write('root', 297);
  out.write(prefix, 345, 155);
  out.write('        ', 148);
  let sum = 0;
  for (const byte of out) sum += byte;
  out.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return out;
}

function extractArchive(archive: Buffer, base: string, context: ShellContext, io: Output): number {
  let offset = 0;
  let longName: string | undefined;
  while (offset + block <= archive.length) {
    const head = archive.subarray(offset, offset + block);
    if (head.every((b) => b === 0)) break;
    const field = (start: number, length: number): string =>
      head
        .subarray(start, start + length)
        .toString()
        .replace(/\0.*$/s, '');
    const size = Number.parseInt(field(124, 12).trim() || '0', 8);
    const type = field(156, 1) || '0';
    const prefix = field(345, 155);
    const data = archive.subarray(offset + block, offset + block + size).toString();
    offset += block + Math.ceil(size / block) * block;
    if (type === 'x' || type === 'L') {
      longName = type === 'L' ? data.replace(/\0.*$/s, '') : /(?:^|\n)\d+ path=([^\n]*)\n/.exec(data)?.[1];
      continue;
    }
    const name = longName ?? (prefix === '' ? field(0, 100) : `${prefix}/${field(0, 100)}`);
    longName = undefined;
    if (name.split('/').includes('..')) {
      io.stderr(`tar: skipping '${name}': contains '..'\n`);
      continue;
    }
    const path = resolvePath(name.replace(/^\/+/, ''), base);
    const error = type === '5' ? ensureDirectory(path, context) : type === '0' ? (ensureDirectory(parentOf(path), context) ?? context.writeFile(path, data, false)) : undefined;
    if (error !== undefined) {
      io.stderr(`tar: can't open '${name}': ${error}\n`);
      return 1;
    }
  }
  return 0;
}

function parentOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/')) || '/';
}

function ensureDirectory(path: string, context: ShellContext): string | undefined {
  if (context.listDirectory(path) !== undefined) return undefined;
  const parent = parentOf(path);
  if (parent !== path) {
    const error = ensureDirectory(parent, context);
    if (error !== undefined) return error;
  }
  return context.makeDirectory(path);
}

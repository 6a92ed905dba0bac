// The layers of the API server import downwards only: the Table presentation code and server-side
// apply know nothing of the registry, and apply nothing of the endpoints that call it. What they
// share lives in common or in a small module of the lower layer. Reads the sources as text.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import test from 'ava';

const src = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every module specifier of a file: static imports and re-exports (types too), and import(). */
function specifiersOf(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b(?:from|import)\s*\(?\s*'([^']+)'/g)) found.push(match[1] as string);
  return found;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(folder, name));
}

/** "file: specifier" for each relative import of a file under `layer` that lands in one of `forbidden`. */
function importsInto(layer: string, forbidden: readonly string[]): string[] {
  const offending: string[] = [];
  for (const file of sourceFiles(join(src, layer))) {
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = relative(src, resolve(dirname(file), specifier));
      if (forbidden.some((folder) => target === folder || target.startsWith(`${folder}/`))) offending.push(`${relative(src, file)}: ${specifier}`);
    }
  }
  return offending;
}

test('the specifier reader sees imports, type imports, re-exports and dynamic imports', (t) => {
  const text = "import a from './a.ts';\nimport type { B } from '../b.ts';\nexport { c } from './c.ts';\nconst d = await import('./d.ts');";
  t.deepEqual(specifiersOf(text), ['./a.ts', '../b.ts', './c.ts', './d.ts']);
});

test('the Table presentation code imports nothing from the registry', (t) => {
  t.deepEqual(importsInto('table', ['registry']), []);
});

test('server-side apply imports nothing from the registry or the endpoints', (t) => {
  t.deepEqual(importsInto('apply', ['registry', 'endpoints']), []);
});

// The keys a YAML text repeats within one mapping, worded as go-yaml's strict decoding words them
// (`line 6: key "a" already set in map`), for the fieldValidation of server-side apply bodies.

import { yamlModule } from './yaml-module.ts';

export function yamlDuplicateKeys(text: string): string[] {
  const document = yamlModule().parseDocument(text, { version: '1.1', uniqueKeys: true, logLevel: 'silent' });
  return document.errors
    .filter((error) => error.code === 'DUPLICATE_KEY')
    .map((error) => {
      const line = error.linePos?.[0]?.line ?? 0;
      const key = /^\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^:,}\]]*?))\s*:/.exec(text.slice(error.pos[0]));
      const name = key === null ? '' : (key[1] ?? key[2]?.replaceAll("''", "'") ?? key[3] ?? '');
      return `line ${line}: key ${JSON.stringify(name)} already set in map`;
    });
}

// The keys a YAML text repeats within one mapping, worded as go-yaml's strict decoding words them
// (`line 6: key "a" already set in map`), for the fieldValidation of server-side apply bodies.
// Each mapping's keys go through a set: the yaml package's own check (uniqueKeys) compares every
// key with every earlier one, which took minutes for a configuration of 100,000 labels.

import type { Node, Pair, YAMLMap } from 'yaml';
import { yamlModule } from './yaml-module.ts';

export function yamlDuplicateKeys(text: string): string[] {
  const yaml = yamlModule();
  const document = yaml.parseDocument(text, { version: '1.1', uniqueKeys: false, logLevel: 'silent' });
  const repeated: number[] = [];
  yaml.visit(document, {
    Map(_key: unknown, map: YAMLMap) {
      const seen = new Set<unknown>();
      for (const pair of map.items as Pair<unknown, unknown>[]) {
        // As the yaml package compares keys: scalars by their value, anything else never equal.
        if (!yaml.isScalar(pair.key)) continue;
        const start = (pair.key as Node).range?.[0];
        if (seen.has(pair.key.value) && start !== undefined) repeated.push(start);
        seen.add(pair.key.value);
      }
    },
  });
  const lineStarts = lineStartsOf(text);
  return repeated
    .sort((a, b) => a - b)
    .map((at) => {
      const key = /^\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^']|'')*)'|([^:,}\]]*?))\s*:/.exec(text.slice(at));
      const name = key === null ? '' : (key[1] ?? key[2]?.replaceAll("''", "'") ?? key[3] ?? '');
      return `line ${lineOf(lineStarts, at)}: key ${JSON.stringify(name)} already set in map`;
    });
}

/** Where each line of the text starts. */
function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return starts;
}

/** The line (from 1) of an offset, by binary search. */
function lineOf(lineStarts: readonly number[], offset: number): number {
  let low = 0;
  let high = lineStarts.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((lineStarts[middle] as number) <= offset) low = middle;
    else high = middle - 1;
  }
  return low + 1;
}

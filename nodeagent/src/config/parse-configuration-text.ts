// A configuration file's text to a JSON value, as kube's serializers read it: a text that starts
// with "{" is JSON, anything else YAML as go-yaml v2 reads it on its way to JSON (YAML 1.1 scalars:
// yes/on are booleans, 0755 is octal; timestamps stay strings; the first document counts).
// Repeated keys are strict decoding errors, worded as the JSON and YAML decoders word them.

import { createRequire } from 'node:module';
import { duplicateFieldPaths, errorMessage } from '@capstan/common';
import type { Node, Tags } from 'yaml';

type Yaml = typeof import('yaml');

// Loaded on the first YAML file: an agent configured by flags or JSON never pays its start-up cost.
let yamlModule: Yaml | undefined;
const yaml = (): Yaml => (yamlModule ??= createRequire(import.meta.url)('yaml') as Yaml);

export interface ParsedConfiguration {
  readonly value: unknown;
  /** Strict decoding errors: the keys the text repeats. */
  readonly duplicates: readonly string[];
}

/** The text's value; throws an Error with the decoder's message when the text is no JSON or YAML. */
export function parseConfigurationText(text: string): ParsedConfiguration {
  if (text.trimStart().startsWith('{')) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new Error(`couldn't get version/kind; json parse error: ${errorMessage(error)}`, { cause: error });
    }
    return { value, duplicates: duplicateFieldPaths(text).map((path) => `duplicate field ${JSON.stringify(path)}`) };
  }
  const { LineCounter, parseAllDocuments } = yaml();
  const lineCounter = new LineCounter();
  const [document] = parseAllDocuments(text, { version: '1.1', customTags: goYamlTags, uniqueKeys: false, logLevel: 'silent', lineCounter });
  if (document === undefined) return { value: null, duplicates: [] };
  const [error] = document.errors;
  if (error !== undefined) {
    const line = error.linePos?.[0].line;
    const where = line === undefined ? '' : `line ${line}: `;
    throw new Error(`error converting YAML to JSON: yaml: ${where}${error.message.split('\n')[0]}`, { cause: error });
  }
  const repeated = repeatedKeys(document.contents, lineCounter);
  return {
    value: document.toJS(),
    duplicates: repeated.length === 0 ? [] : [`yaml: unmarshal errors:\n${repeated.map((line) => `  ${line}`).join('\n')}`],
  };
}

const goYamlTags = (tags: Tags): Tags =>
  tags.filter((tag) => {
    const name = typeof tag === 'string' ? tag : tag.tag;
    const format = typeof tag === 'string' ? undefined : tag.format;
    return !/:(?:timestamp|binary|omap|pairs|set)$/.test(name) && format !== 'TIME';
  });

/** go-yaml's lines for keys set twice in one mapping, in document order. */
function repeatedKeys(node: Node | null, lines: InstanceType<Yaml['LineCounter']>): string[] {
  const { isMap, isScalar, isSeq } = yaml();
  const found: string[] = [];
  const visit = (current: unknown): void => {
    if (isMap(current)) {
      const seen = new Set<string>();
      for (const pair of current.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key);
        if (seen.has(key)) {
          const offset = isScalar(pair.key) ? (pair.key.range?.[0] ?? 0) : 0;
          found.push(`line ${lines.linePos(offset).line}: key ${JSON.stringify(key)} already set in map`);
        }
        seen.add(key);
        visit(pair.value);
      }
    } else if (isSeq(current)) {
      for (const item of current.items) visit(item);
    }
  };
  visit(node);
  return found;
}

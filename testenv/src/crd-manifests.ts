// The CustomResourceDefinitions a test environment installs at start, as envtest's
// CRDInstallOptions reads them: files, or directories whose .yaml, .yml and .json files are read
// (not their subdirectories), each file one or more YAML documents; documents of other kinds are
// skipped, an unreadable path or document fails the start.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { parseAllDocuments } from 'yaml';

/** A CustomResourceDefinition (apiextensions.k8s.io/v1) as JSON. */
export type CustomResourceDefinitionObject = { readonly apiVersion?: string; readonly kind?: string; readonly [field: string]: unknown };

const manifestExtensions = new Set(['.yaml', '.yml', '.json']);

export function readCrdManifests(paths: readonly string[]): CustomResourceDefinitionObject[] {
  const files = paths.flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((name) => manifestExtensions.has(extname(name)))
          .sort()
          .map((name) => join(path, name))
      : [path],
  );
  return files.flatMap((file) => crdsOfFile(file));
}

function crdsOfFile(file: string): CustomResourceDefinitionObject[] {
  const crds: CustomResourceDefinitionObject[] = [];
  for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
    if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
    const value: unknown = document.toJS();
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const object = value as CustomResourceDefinitionObject;
    if (object.kind === 'CustomResourceDefinition') crds.push(object);
  }
  return crds;
}

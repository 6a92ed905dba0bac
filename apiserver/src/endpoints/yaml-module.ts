// The yaml package, loaded on the first YAML request or answer: most clients never use YAML, and
// loading it at start would cost every start-up about 50 ms.

import { createRequire } from 'node:module';

type Yaml = typeof import('yaml');

let loaded: Yaml | undefined;

export const yamlModule = (): Yaml => (loaded ??= createRequire(import.meta.url)('yaml') as Yaml);

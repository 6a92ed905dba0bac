// Writes the TypeScript types of every built-in kind to common/src/api-types, one module per Go
// package, from their declarations in common/src/schema/types. Run after changing a declaration:
//   node_modules/.bin/node scripts/generate-api-types.ts
// common/test/api-types.test.ts fails while the written modules differ from the declarations.

import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { builtinTypes } from '../common/src/schema/builtin-types.ts';
import { apiTypesFolder, typeScriptModules } from '../common/src/schema/typescript-types.ts';

const folder = join(import.meta.dirname, '..', apiTypesFolder);
const modules = typeScriptModules(builtinTypes.values());
mkdirSync(folder, { recursive: true });
for (const file of readdirSync(folder)) if (!modules.has(file)) rmSync(join(folder, file));
for (const [file, text] of modules) writeFileSync(join(folder, file), text);
console.log(`wrote ${modules.size} modules to ${apiTypesFolder}`);

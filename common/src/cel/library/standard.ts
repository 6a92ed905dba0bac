// The functions of Kubernetes' CEL environment, from every library, in one table: the core, the
// optional types, the strings, lists and sets extensions, regular expressions, time, and
// Kubernetes' own libraries (URL, IP, CIDR, quantity, semver, format, authorizer, JSON Patch).

import { coreFunctions, type FunctionTable } from '../interpreter/functions.ts';
import { mergeFunctionTables } from '../interpreter/merge-function-tables.ts';
import { authzFunctions } from './authz.ts';
import { cidrFunctions } from './cidr.ts';
import { comprehensionFunctions } from './comprehension-functions.ts';
import { formatFunctions } from './format.ts';
import { ipFunctions } from './ip.ts';
import { jsonPatchFunctions } from './jsonpatch.ts';
import { listFunctions } from './lists.ts';
import { optionalFunctions } from './optionals.ts';
import { quantityFunctions } from './quantity.ts';
import { regexFunctions } from './regex.ts';
import { semverFunctions } from './semver.ts';
import { setFunctions } from './sets.ts';
import { stringFunctions } from './strings.ts';
import { timeConversions, timeFunctions } from './time.ts';
import { urlFunctions } from './url.ts';

export const standardFunctions: FunctionTable = mergeFunctionTables(
  coreFunctions,
  timeConversions,
  comprehensionFunctions,
  optionalFunctions,
  stringFunctions,
  listFunctions,
  setFunctions,
  regexFunctions,
  timeFunctions,
  urlFunctions,
  ipFunctions,
  cidrFunctions,
  quantityFunctions,
  semverFunctions,
  formatFunctions,
  authzFunctions,
  jsonPatchFunctions,
);

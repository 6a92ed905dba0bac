// What Kubernetes' base CEL environment holds, and since which compatibility version: the standard
// library and validators, then each library or language option as it was added (1.27 authz, 1.28
// optionals, quantity and cross-type numeric comparisons, 1.29 strings v2, sets and the literal
// validators, 1.30 IP and CIDR, 1.31 format and the authz selectors behind their gate, 1.32
// two-variable comprehensions, 1.33 semver, 1.34 ext lists v3). Strings v0 was replaced in 1.29.

import type { FunctionDecl } from '../checker/function-declarations.ts';
import { authzDeclarations, authzSelectorDeclarations } from '../declarations/authz.ts';
import { cidrFunctionDecls, cidrTypeIdentifiers } from '../declarations/cidr.ts';
import { extListsVersion3FunctionDecls } from '../declarations/ext-lists.ts';
import { formatFunctionDecls } from '../declarations/format.ts';
import { ipFunctionDecls, ipTypeIdentifiers } from '../declarations/ip.ts';
import { kubernetesListsFunctionDecls } from '../declarations/lists.ts';
import { optionalFunctionDecls, optionalTypeIdentifiers } from '../declarations/optionals.ts';
import { quantityFunctionDecls } from '../declarations/quantity.ts';
import { regexFunctionDecls } from '../declarations/regex.ts';
import { semverVersion1FunctionDecls } from '../declarations/semver.ts';
import { setsFunctionDecls } from '../declarations/sets.ts';
import { standardFunctionDecls, standardTypeIdentifiers, type IdentifierDecl } from '../declarations/standard.ts';
import { stringsVersion0FunctionDecls, stringsVersion2FunctionDecls } from '../declarations/strings.ts';
import { twoVarComprehensionFunctionDecls } from '../declarations/two-var-comprehensions.ts';
import { urlFunctionDecls } from '../declarations/urls.ts';
import { extListsMacros, optionalMacros, standardMacros, twoVarComprehensionMacros, type Macro } from '../syntax/macros.ts';
import type { CompatibilityVersion } from './compatibility-version.ts';

export interface VersionedLibrary {
  readonly name: string;
  readonly introduced: CompatibilityVersion;
  readonly removed?: CompatibilityVersion;
  /** A feature gate that, when on, lets new expressions use the library whatever the version. */
  readonly featureGate?: string;
  readonly functions?: readonly FunctionDecl[];
  readonly identifiers?: readonly IdentifierDecl[];
  readonly macros?: readonly Macro[];
  readonly optionalSyntax?: boolean;
  readonly crossTypeNumericComparisons?: boolean;
  /** duration(), timestamp() and matches() literals are validated after checking. */
  readonly literalValidators?: boolean;
  readonly homogeneousLiteralExemptFunctions?: readonly string[];
  /** string.format calls with a literal format and argument list are checked after type checking. */
  readonly stringFormatValidator?: boolean;
}

const v = (minor: number): CompatibilityVersion => ({ major: 1, minor });

export const kubernetesLibraries: readonly VersionedLibrary[] = [
  { name: 'standard', introduced: v(0), functions: standardFunctionDecls, identifiers: standardTypeIdentifiers, macros: standardMacros },
  { name: 'urls', introduced: v(0), functions: urlFunctionDecls },
  { name: 'regex', introduced: v(0), functions: regexFunctionDecls },
  { name: 'lists', introduced: v(0), functions: kubernetesListsFunctionDecls },
  { name: 'strings v0', introduced: v(0), removed: v(29), functions: stringsVersion0FunctionDecls },
  { name: 'authz', introduced: v(27), functions: authzDeclarations },
  { name: 'cross-type numeric comparisons', introduced: v(28), crossTypeNumericComparisons: true },
  {
    name: 'optional types',
    introduced: v(28),
    functions: optionalFunctionDecls,
    identifiers: optionalTypeIdentifiers,
    macros: optionalMacros,
    optionalSyntax: true,
  },
  { name: 'quantity', introduced: v(28), functions: quantityFunctionDecls },
  { name: 'literal validators', introduced: v(29), literalValidators: true },
  { name: 'strings v2', introduced: v(29), functions: stringsVersion2FunctionDecls, homogeneousLiteralExemptFunctions: ['format'], stringFormatValidator: true },
  { name: 'sets', introduced: v(29), functions: setsFunctionDecls },
  { name: 'ip', introduced: v(30), functions: ipFunctionDecls, identifiers: ipTypeIdentifiers },
  { name: 'cidr', introduced: v(30), functions: cidrFunctionDecls, identifiers: cidrTypeIdentifiers },
  { name: 'format', introduced: v(31), functions: formatFunctionDecls },
  { name: 'authz selectors', introduced: v(31), featureGate: 'AuthorizeWithSelectors', functions: authzSelectorDeclarations },
  { name: 'two-variable comprehensions', introduced: v(32), functions: twoVarComprehensionFunctionDecls, macros: twoVarComprehensionMacros },
  { name: 'semver', introduced: v(33), functions: semverVersion1FunctionDecls },
  { name: 'ext lists v3', introduced: v(34), functions: extListsVersion3FunctionDecls, macros: extListsMacros },
];

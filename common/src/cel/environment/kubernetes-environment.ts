// Kubernetes' base CEL environments at a compatibility version: the environment new expressions
// are checked in (the libraries of that version, plus gated ones whose gate is on) and the one
// stored expressions are checked in (every library ever added, so that an expression written by a
// newer server keeps working after a rollback), as k8s.io/apiserver's EnvSet builds them. With
// patchTypes, both also hold what the expressions of MutatingAdmissionPolicy mutations see (kube's
// HasPatchTypes): the Object and JSONPatch message types and jsonpatch.escapeKey.

import type { CheckEnvironment } from '../checker/check-environment.ts';
import { mergeFunctionDecls, type FunctionDecl } from '../checker/function-declarations.ts';
import type { ValidatorOptions } from '../checker/validators.ts';
import { jsonPatchFunctionDecls } from '../declarations/jsonpatch.ts';
import { crossTypeNumericComparisonOverloadIds } from '../declarations/standard.ts';
import type { Macro } from '../syntax/macros.ts';
import type { CelType } from '../types/cel-types.ts';
import { resolvePatchType } from '../types/patch-types.ts';
import { atLeast, defaultCompatibilityVersion, type CompatibilityVersion } from './compatibility-version.ts';
import { kubernetesLibraries, type VersionedLibrary } from './kubernetes-libraries.ts';

export interface CelEnvironment {
  /** Function declarations and the type identifiers; variables are added per use. */
  readonly declarations: CheckEnvironment;
  readonly macros: readonly Macro[];
  readonly optionalSyntax: boolean;
  readonly validators: ValidatorOptions;
}

export interface CelEnvSet {
  readonly compatibilityVersion: CompatibilityVersion;
  readonly newExpressions: CelEnvironment;
  readonly storedExpressions: CelEnvironment;
}

export interface EnvSetOptions {
  readonly compatibilityVersion?: CompatibilityVersion;
  /** Feature gates by name; only the ones libraries are gated by matter. */
  readonly featureGates?: Readonly<Record<string, boolean>>;
  /**
   * The patch types of mutations (kube's OptionalVariableDeclarations.HasPatchTypes): `Object`,
   * `Object.<path>` and `JSONPatch` literals, and jsonpatch.escapeKey. Without them a message
   * literal names an undeclared type.
   */
  readonly patchTypes?: boolean;
}

/** The 1.35 defaults of the gates libraries are gated by (AuthorizeWithSelectors is GA, locked on). */
const defaultFeatureGates: Readonly<Record<string, boolean>> = { AuthorizeWithSelectors: true };

const keywordsAsFieldNamesSince: CompatibilityVersion = { major: 1, minor: 31 };
const newestVersion: CompatibilityVersion = { major: Number.MAX_SAFE_INTEGER, minor: Number.MAX_SAFE_INTEGER };
const cache = new Map<string, CelEnvSet>();

export function kubernetesEnvSet(options: EnvSetOptions = {}): CelEnvSet {
  const version = options.compatibilityVersion ?? defaultCompatibilityVersion;
  const gates = { ...defaultFeatureGates, ...options.featureGates };
  const patchTypes = options.patchTypes === true;
  const key = `${version.major}.${version.minor} ${JSON.stringify(Object.entries(gates).sort())}${patchTypes ? ' patch types' : ''}`;
  let envSet = cache.get(key);
  if (envSet === undefined) {
    const inVersion = (library: VersionedLibrary, at: CompatibilityVersion): boolean =>
      atLeast(at, library.introduced) && (library.removed === undefined || !atLeast(at, library.removed));
    const forNew = kubernetesLibraries.filter((library) => (library.featureGate === undefined ? inVersion(library, version) : gates[library.featureGate] === true));
    envSet = {
      compatibilityVersion: version,
      newExpressions: environmentOf(forNew, atLeast(version, keywordsAsFieldNamesSince), patchTypes),
      storedExpressions: environmentOf(
        kubernetesLibraries.filter((library) => inVersion(library, newestVersion)),
        true,
        patchTypes,
      ),
    };
    cache.set(key, envSet);
  }
  return envSet;
}

/** What kube's HasPatchTypes adds, whatever the compatibility version (its epoch is set to 1.0). */
const patchTypesLibrary: VersionedLibrary = { name: 'patch types', introduced: { major: 1, minor: 0 }, functions: jsonPatchFunctionDecls };

function environmentOf(versioned: readonly VersionedLibrary[], keywordsAsFieldNames: boolean, patchTypes: boolean): CelEnvironment {
  const libraries = patchTypes ? [...versioned, patchTypesLibrary] : versioned;
  const crossTypeComparisons = libraries.some((library) => library.crossTypeNumericComparisons === true);
  const functions = new Map<string, FunctionDecl>();
  for (const [name, decl] of mergeFunctionDecls(...libraries.map((library) => library.functions ?? []))) {
    const overloads = crossTypeComparisons ? decl.overloads : decl.overloads.filter((overload) => !crossTypeNumericComparisonOverloadIds.has(overload.id));
    functions.set(name, { name, overloads });
  }
  const variables = new Map<string, CelType>(libraries.flatMap((library) => (library.identifiers ?? []).map(({ name, type }) => [name, type] as const)));
  return {
    declarations: { variables, functions, keywordsAsFieldNames, ...(patchTypes ? { messageTypes: resolvePatchType } : {}) },
    macros: libraries.flatMap((library) => library.macros ?? []),
    optionalSyntax: libraries.some((library) => library.optionalSyntax === true),
    validators: {
      literals: libraries.some((library) => library.literalValidators === true),
      homogeneousLiteralExemptFunctions: new Set(libraries.flatMap((library) => library.homogeneousLiteralExemptFunctions ?? [])),
      stringFormats: libraries.some((library) => library.stringFormatValidator === true),
    },
  };
}

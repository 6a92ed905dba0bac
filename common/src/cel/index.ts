// @capstan/common/cel: the CEL engine Kubernetes' rules are written in, and the `capstan cel` command.

export { celCommand, celUsage } from './cli/cel-command.ts';
export { compileDeviceSelector, type DeviceSelectorCompilation, type DeviceSelectorError } from './compile-device-selector.ts';
export { compileExpression, type CompiledExpression, type CompileExpressionResult, type CompileOptions } from './compile-expression.ts';
export * from './cost-limits.ts';
export { estimateCost, type CostEstimate } from './cost/estimate-cost.ts';
export * from './cost/estimated-cost-limits.ts';
export { schemaSizeEstimator, type SizeEstimator } from './cost/size-estimator.ts';
export * from './environment/admission-variables.ts';
export * from './environment/authorization-variables.ts';
export * from './environment/custom-resource-rule-variables.ts';
export { declaredTypeIdentifiers, undefinedTypeReference } from './environment/declared-type-identifiers.ts';
export { deviceSelectorDeclarations, type DeviceSelectorDeclarations, type DeviceSelectorOptions } from './environment/dra-device-variables.ts';
export { kubernetesEnvSet, type CelEnvironment, type CelEnvSet, type EnvSetOptions } from './environment/kubernetes-environment.ts';
export { VariableComposition } from './environment/variable-composition.ts';
export { authorizerValue, requestResourceAuthorizerValue } from './library/authz.ts';
export type { Authorizer, AuthorizerAttributes, AuthorizerDecision } from './library/authorizer.ts';
export { celProgram, compileCel, type CelProgram, type CompileResult, type CostedEvaluation, type CostOptions, type ProgramOptions } from './program.ts';
export { formatIssues } from './syntax/format-issues.ts';
export * from './types/cel-types.ts';
export { parseTypeName } from './types/parse-type-name.ts';
export { minSerializedSize, schemaCelType, type OpenApiV3Schema } from './types/schema-types.ts';
export { celTypeName } from './types/type-names.ts';
export { celValueOfJsonText } from './values/json-text-values.ts';
export { goTimeLayout, parseGoTime, type GoTimeLayout, type ParsedTime } from './values/go-time-layouts.ts';
export { schemaValue } from './values/schema-values.ts';
export { CelError, CelOptional, type CelValue } from './values/values.ts';
export { compileRegex, RegexSyntaxError } from './library/regex.ts';

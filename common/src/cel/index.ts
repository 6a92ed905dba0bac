// @capstan/common/cel: the CEL engine Kubernetes' rules are written in, and the `capstan cel` command.

export { celCommand, celUsage } from './cli/cel-command.ts';
export * from './cost-limits.ts';
export { celProgram, compileCel, type CelProgram, type CompileResult, type CostedEvaluation, type CostOptions, type ProgramOptions } from './program.ts';
export { formatIssues } from './syntax/format-issues.ts';

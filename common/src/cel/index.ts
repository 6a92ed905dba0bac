// @capstan/common/cel: the CEL engine Kubernetes' rules are written in, and the `capstan cel` command.

export { celCommand, celUsage } from './cli/cel-command.ts';
export { compileCel, type CelProgram, type CompileResult } from './program.ts';
export { formatIssues } from './syntax/format-issues.ts';

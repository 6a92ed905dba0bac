// The public surface of @capstan/testenv.

export { startTestEnv, type TestEnv, type TestEnvMode, type TestEnvOptions } from './test-env.ts';
export type { CustomResourceDefinitionObject } from './crd-manifests.ts';
export { testenvCommand, testenvUsage } from './testenv-command.ts';

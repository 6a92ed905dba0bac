// The public surface of @capstan/deploy.

export { runCapstan, usage } from './capstan.ts';

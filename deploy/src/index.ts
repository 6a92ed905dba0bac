// The public surface of @capstan/deploy.

export { runCapstan, usage } from './capstan.ts';
export { kubeconfigFor } from './kubeconfig.ts';
export { buildCapstanImage, describeCapstanImage, defaultImageName, type BuiltImage, type CapstanImageOptions } from './image/build-image.ts';
export { defaultContainerdAddress, importImage } from './image/import-image.ts';

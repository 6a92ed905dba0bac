// Every controller `capstan controllers` can run, by the names kube-controller-manager gives them
// (the scheduler runs in the same process as Capstan's "scheduler").

import type { ControllerDefinition } from './controller.ts';

export const allControllers: readonly ControllerDefinition[] = [];

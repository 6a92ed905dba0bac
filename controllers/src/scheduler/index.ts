// The scheduler (kube-scheduler's default profile, simplified as Capstan's issue 8 asks): binds
// pods without a node to a node that fits them, through pods/{name}/binding.

import type { ControllerDefinition } from '../controller.ts';
import { Scheduler } from './scheduler.ts';

export const schedulerController: ControllerDefinition = {
  name: 'scheduler',
  start(context) {
    // Constructed before the first await, so that its informers start with the others.
    const scheduler = new Scheduler(context);
    return scheduler.run();
  },
};

// The storage protection controllers (see protection-controller.ts).

export { pvcProtectionController } from './pvc-protection.ts';
export { pvProtectionController } from './pv-protection.ts';
export { vacProtectionController } from './vac-protection.ts';

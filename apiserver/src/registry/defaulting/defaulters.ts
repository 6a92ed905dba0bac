// A kind's defaulting: applied to what a create, update or patch would store, before the kind's own
// preparation, as kube-apiserver defaults every object it decodes. Each resource names its
// defaulter in its declaration (resources/<group>/<resource>.ts, `behaviour.defaults`).

import type { JsonObject } from '../object-meta.ts';

export type Defaulter = (object: JsonObject) => void;

// The Kubernetes release the API server is, and the range of releases --emulated-version may name:
// kube-apiserver 1.35 emulates 1.32 to 1.35 (three minors back, never before 1.31).

import { subtractMinor, type KubeVersion } from '@capstan/common';

export const kubeBinaryVersion: KubeVersion = { major: 1, minor: 35 };

export const emulationVersionFloor: KubeVersion = subtractMinor(kubeBinaryVersion, 3);

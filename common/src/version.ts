// The version of Capstan and of the Kubernetes API it speaks.

export const capstanVersion = '0.1.0';
export const kubernetesMinor = '1.35';

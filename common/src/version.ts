// The version of Capstan and of the Kubernetes API it speaks.

export const capstanVersion = '0.1.0';
export const kubernetesMinor = '1.35';

/**
 * The OCI image of Capstan (`capstan image build` builds it for containerd; the simulated runtime
 * runs its containers as this checkout's `capstan`), tagged with the version: the image the
 * control plane's static pods run.
 */
export const capstanImageRepository = 'capstan.local/capstan';
export const capstanImage = `${capstanImageRepository}:${capstanVersion}`;

// CriImageClient: runtime.v1 ImageService over a unix socket (imageServiceEndpoint, which defaults
// to the runtime's endpoint), with the kubelet's deadlines and checks of the answers.

import { CriServiceClient, validateServiceConnection, type CriCallOptions, type CriClientOptions } from './cri-connection.ts';
import { CriResponseError } from './cri-error.ts';
import type { MessageInit } from './messages/message-init.ts';
import { imageServiceMethods } from './runtime-v1.ts';
import type { ImageServiceMethods } from './services.ts';

type Request<M extends keyof ImageServiceMethods> = MessageInit<ImageServiceMethods[M]['request']>;
type Response<M extends keyof ImageServiceMethods> = Promise<ImageServiceMethods[M]['response']>;

export class CriImageClient extends CriServiceClient {
  /** A client whose runtime answered ImageFsInfo, as the kubelet validates the image endpoint at start. */
  static connect(endpoint: string, options?: CriClientOptions): Promise<CriImageClient> {
    return validateServiceConnection(new CriImageClient(endpoint, options), 'image', (client) => client.imageFsInfo());
  }

  #call<M extends keyof ImageServiceMethods>(name: M, request: Request<M>, options: CriCallOptions | undefined, timeoutMs = this.connection.requestTimeoutMs): Response<M> {
    return this.connection.unary(imageServiceMethods[name], request, timeoutMs, options);
  }

  listImages(request: Request<'ListImages'> = {}, options?: CriCallOptions): Response<'ListImages'> {
    return this.#call('ListImages', request, options);
  }

  /** `image` is null when absent; fails with CriResponseError for a present image without id or size. */
  async imageStatus(request: Request<'ImageStatus'>, options?: CriCallOptions): Response<'ImageStatus'> {
    const response = await this.#call('ImageStatus', request, options);
    if (response.image !== null && (response.image.id === '' || response.image.size === 0)) {
      throw new CriResponseError('ImageStatus', `Id or size of image ${JSON.stringify(request.image?.image ?? '')} is not set`);
    }
    return response;
  }

  /** No deadline, as the kubelet gives pulls none; fails with CriResponseError when no image ref comes back. */
  async pullImage(request: Request<'PullImage'>, options?: CriCallOptions): Response<'PullImage'> {
    const response = await this.#call('PullImage', request, options, Infinity);
    if (response.imageRef === '') throw new CriResponseError('PullImage', `imageRef of image ${JSON.stringify(request.image?.image ?? '')} is not set`);
    return response;
  }

  removeImage(request: Request<'RemoveImage'>, options?: CriCallOptions): Response<'RemoveImage'> {
    return this.#call('RemoveImage', request, options);
  }

  imageFsInfo(request: Request<'ImageFsInfo'> = {}, options?: CriCallOptions): Response<'ImageFsInfo'> {
    return this.#call('ImageFsInfo', request, options);
  }
}

import { ApiClient } from './api-client.ts';

export {
  ApiClient,
  type ApiClientOptions,
  type ApiResponse,
  type DownloadedFile,
  type HeaderSource,
  type HttpMethod,
  type OutgoingRequest,
  type RequestOptions,
  type SettledRequest,
} from './api-client.ts';
export { ApiError, NetworkError, isAbortError, isApiError, isErrorToShow, type ErrorBody } from './api-error.ts';

/** The page's client: same origin, the page's cookies. */
export const api = new ApiClient();

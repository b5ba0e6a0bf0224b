import {
  apiError,
  refreshEndpoint,
  endpointRequest,
  readEndpointAnswer,
  type Endpoint,
  type EndpointAnswer,
  type EndpointArgs,
  type TokenPair,
} from '@vitrine/commerce';
import { isExpired, useSession } from './session.ts';

/** Token failures and the /notfound codes they lead to (§8). */
export const TokenFailure = {
  /** Missing access or refresh token on refresh. */
  MissingTokens: '00',
  /** The refresh itself failed. */
  RefreshFailed: '01',
  /** The call failed again with 401 after a successful refresh. */
  RetryFailed: '02',
  /** Another secure call, waiting on the same refresh, failed with it. */
  OtherCallFailed: '03',
  /** The refresh failed while loading a page's data. */
  DataRefreshFailed: '04',
} as const;
export type TokenFailureCode = (typeof TokenFailure)[keyof typeof TokenFailure];

/** A call the server refused, with its code and HTTP status. */
export class ApiCallError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    /** The whole answer, for calls whose errors carry more (a form's message per field). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** A secure call that ended in a token failure; the app has been sent to `/notfound?ec={code}`. */
export class TokenFailureError extends Error {
  constructor(readonly ec: TokenFailureCode) {
    super(`Token failure ec=${ec}`);
  }
}

export interface ApiClientOptions {
  /** The `store` parameter (§2.8) to carry on every call, when the app was opened with one. */
  store?: string | null;
  /** Where the app goes on a token failure; the default navigates to /notfound?ec=…. */
  onTokenFailure?: (ec: TokenFailureCode) => void;
  fetch?: typeof fetch;
}

type Variant = 'call' | 'data';

/** Runs `work` while holding the store's refresh lock, shared by its tabs (Web Locks); alone where there are none. */
function oneTabAtATime<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('vt.refresh', work) as Promise<T>) : work();
}

/** The tokens as this store's tabs last saved them: another tab may have rotated them since this one read them. */
async function storedTokens(): Promise<TokenPair | null> {
  await useSession.persist.rehydrate();
  return useSession.getState().tokens;
}

/**
 * Calls the API. Secure calls send the bearer token, refresh it once when it has expired or a call answers 401,
 * and retry once (§4); every failure on that path clears the tokens and ends at /notfound with its code (§8).
 * Concurrent calls share one refresh.
 */
export class ApiClient {
  private refreshing: Promise<TokenPair> | null = null;
  /** The failure the calls waiting on the last refresh went to, so they go to one page. */
  private failedWith: TokenFailureCode | null = null;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: ApiClientOptions = {}) {
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  }

  /**
   * Calls an endpoint of the table with its typed input and answers its typed answer. Calls that need a token
   * (a guest's or a customer's) send it, refreshed and retried once as §4 says.
   */
  request<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointAnswer<E>> {
    return this.send_(endpoint, 'call', ...args);
  }

  /** `request`, for a page loader: a failed refresh ends at /notfound with the loader's code (§8: 04). */
  load<E extends Endpoint>(endpoint: E, ...args: EndpointArgs<E>): Promise<EndpointAnswer<E>> {
    return this.send_(endpoint, 'data', ...args);
  }

  private async send_<E extends Endpoint>(endpoint: E, variant: Variant, ...args: EndpointArgs<E>): Promise<EndpointAnswer<E>> {
    const request = endpointRequest(endpoint, ...args);
    const response =
      endpoint.caller === 'token' || endpoint.caller === 'customer'
        ? await this.withToken(request, variant)
        : await this.send(request.url, request, null);
    return readEndpointAnswer(endpoint, await this.read(response));
  }

  private async withToken(init: { url: string; method: 'GET' | 'POST'; body?: unknown }, variant: Variant): Promise<Response> {
    let tokens = useSession.getState().tokens;
    if (!tokens || isExpired(tokens.accessToken)) tokens = await this.refresh(variant);
    let response = await this.send(init.url, init, tokens.accessToken);
    if (response.status === 401) {
      tokens = await this.refresh(variant);
      response = await this.send(init.url, init, tokens.accessToken);
      if (response.status === 401) this.fail(TokenFailure.RetryFailed);
    }
    return response;
  }

  /**
   * Rotates the token pair once, however many calls ask at the same time, in this tab and in every other tab of the
   * store: tabs take turns under one Web Lock, and a tab whose turn comes after another tab has rotated the pair
   * takes that pair from storage instead of spending the old refresh token a second time (which would end the
   * session as a reuse).
   */
  refresh(variant: Variant = 'call'): Promise<TokenPair> {
    if (this.refreshing) {
      // A page's data waiting on a refresh that fails ends at its own code (04), whoever started the refresh.
      return this.refreshing.catch(() => this.fail(variant === 'data' ? TokenFailure.DataRefreshFailed : TokenFailure.OtherCallFailed));
    }
    const tokens = useSession.getState().tokens;
    if (!tokens?.accessToken || !tokens.refreshToken) return Promise.reject(this.fail(TokenFailure.MissingTokens));
    this.failedWith = null;
    this.refreshing = oneTabAtATime(async () => {
      const latest = await storedTokens();
      if (latest && latest.refreshToken !== tokens.refreshToken && !isExpired(latest.accessToken)) {
        useSession.getState().setTokens(latest);
        return latest;
      }
      const refresh = endpointRequest(refreshEndpoint, { body: tokens });
      const response = await this.send(refresh.url, refresh, null);
      if (!response.ok) throw this.fail(variant === 'data' ? TokenFailure.DataRefreshFailed : TokenFailure.RefreshFailed);
      const fresh = readEndpointAnswer(refreshEndpoint, await response.json()).tokens;
      useSession.getState().setTokens(fresh);
      return fresh;
    }).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  /**
   * Ends the session and sends the app to the failure's page. Calls that fail together (a page's data and a cart
   * sync waiting on one refresh) go to one page: the page's data failure (04) wins over a background call's.
   */
  private fail(ec: TokenFailureCode): never {
    useSession.getState().clear();
    if (this.failedWith !== TokenFailure.DataRefreshFailed) {
      this.failedWith = ec;
      (this.options.onTokenFailure ?? ((code) => window.location.assign(`/notfound?ec=${code}`)))(ec);
    }
    throw new TokenFailureError(ec);
  }

  private send(path: string, init: { method?: 'GET' | 'POST'; body?: unknown }, accessToken: string | null): Promise<Response> {
    const url = this.options.store ? `${path}${path.includes('?') ? '&' : '?'}store=${encodeURIComponent(this.options.store)}` : path;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (accessToken) headers['authorization'] = `Bearer ${accessToken}`;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    return this.fetch(url, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers,
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
  }

  /** The JSON of a success; a refusal thrown as an `ApiCallError` with the server's code, message and field. */
  private async read(response: Response): Promise<unknown> {
    const body: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      const error = apiError.safeParse(body);
      if (error.success)
        throw new ApiCallError(response.status, error.data.error.code, error.data.error.message, error.data.error.field, body);
      throw new ApiCallError(response.status, 'HTTP', response.statusText || 'Something went wrong');
    }
    return body;
  }
}

// The JWT authenticators of --authentication-config (or of the --oidc-* flags) as one token
// authenticator, as kube holds them: a token is asked of each until one judges it. The file is
// watched and, once its text changes, read again (kube's reload): a file that does not decode or
// validate, or whose anonymous section changed, is logged and left aside; a good one replaces the
// authenticators once all its issuers answer (within a minute), and the old ones stop a minute
// later. A file that fails to read is tried again at the next change or minute.

import { type FSWatcher, readFileSync, watch } from 'node:fs';
import { basename, dirname } from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { recordAuthenticationConfig, recordAuthenticationConfigReload } from './authentication-config-metrics.ts';
import { authenticationConfigOfText, type AuthenticationConfig, type JwtAuthenticatorConfig } from './authentication-config.ts';
import type { TokenAuthenticator, UserInfo } from './authenticator.ts';
import { jwtAuthenticator, type JwtAuthenticator } from './jwt-authenticator.ts';

/** kube's UpdateAuthenticationConfigTimeout, its poll of the file, and its grace for the replaced authenticators. */
const updateTimeoutMs = 60_000;
const pollIntervalMs = 60_000;
const retireAfterMs = 60_000;

export interface JwtAuthenticatorsLog {
  info(message: string): void;
  error(message: string): void;
}

export class JwtAuthenticators implements TokenAuthenticator {
  #current: readonly JwtAuthenticator[];
  readonly #log: JwtAuthenticatorsLog;
  #tracked = '';
  #reloading: Promise<void> = Promise.resolve();
  #watcher: FSWatcher | undefined;
  #poll: NodeJS.Timeout | undefined;

  constructor(config: AuthenticationConfig, log: JwtAuthenticatorsLog) {
    this.#log = log;
    this.#current = started(config.jwt, log);
    if (config.source !== undefined) this.#watch(config, config.source.path, config.source.text);
  }

  async authenticateToken(token: string): Promise<UserInfo | undefined> {
    for (const authenticator of this.#current) {
      const user = await authenticator.authenticateToken(token);
      if (user !== undefined) return user;
    }
    return undefined;
  }

  stop(): void {
    this.#watcher?.close();
    clearInterval(this.#poll);
    for (const authenticator of this.#current) authenticator.stop();
  }

  #watch(initial: AuthenticationConfig, path: string, text: string): void {
    this.#tracked = text;
    recordAuthenticationConfig(text);
    // The directory is watched, so that a file replaced by a rename (as editors and ConfigMap volumes do) is seen.
    const check = () => {
      this.#reloading = this.#reloading.then(() => this.#reload(initial, path));
    };
    try {
      this.#watcher = watch(dirname(path), (_event, name) => {
        if (name === null || name === basename(path)) check();
      });
      this.#watcher.on('error', (error) => this.#log.error(`watching authentication config file: ${error.message}`));
      this.#watcher.unref();
    } catch (error) {
      this.#log.error(`watching authentication config file: ${(error as Error).message}`);
    }
    this.#poll = setInterval(check, pollIntervalMs);
    this.#poll.unref();
  }

  async #reload(initial: AuthenticationConfig, path: string): Promise<void> {
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      // Perhaps in the middle of a replacement: tried again at the next change or poll.
      this.#log.error(`failed to read authentication config file: ${(error as Error).message}`);
      recordAuthenticationConfigReload('failure');
      return;
    }
    if (text === this.#tracked) return;
    let config: AuthenticationConfig;
    try {
      config = authenticationConfigOfText(text, path);
      if (!isDeepStrictEqual(config.anonymous, initial.anonymous)) throw new Error('anonymous: Forbidden: changed from initial configuration file');
    } catch (error) {
      // Never good as it is: not tried again until the text changes.
      this.#log.error(`failed to load authentication config: ${(error as Error).message}`);
      recordAuthenticationConfigReload('failure');
      this.#tracked = text;
      return;
    }
    const next = started(config.jwt, this.#log);
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), updateTimeoutMs);
      timer.unref();
    });
    const answer = await Promise.race([Promise.all(next.map((one) => one.discovered)), timedOut]);
    clearTimeout(timer);
    if (answer === 'timeout') {
      for (const authenticator of next) authenticator.stop();
      this.#log.error('failed to update authentication config: an issuer did not answer in time');
      recordAuthenticationConfigReload('failure');
      return;
    }
    const old = this.#current;
    this.#current = next;
    this.#tracked = text;
    this.#log.info('reloaded authentication config');
    recordAuthenticationConfigReload('success', text);
    setTimeout(() => {
      for (const authenticator of old) authenticator.stop();
    }, retireAfterMs).unref();
  }
}

function started(configs: readonly JwtAuthenticatorConfig[], log: JwtAuthenticatorsLog): JwtAuthenticator[] {
  return configs.map((config) => {
    const authenticator = jwtAuthenticator(config, (message) => log.error(message));
    // Its issuer is discovered in the background from now on: readiness does not wait for it (as in kube).
    authenticator.start();
    return authenticator;
  });
}

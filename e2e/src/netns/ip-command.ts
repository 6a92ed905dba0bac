// Running iproute2's `ip` for the multi-host harness: synchronously, so that the same calls serve
// set-up and the clean-up of a process that is exiting (an 'exit' handler cannot wait).

import { execFileSync } from 'node:child_process';

/** `ip <args>`; its standard output. Throws with ip's own message when it fails. */
export function ip(...args: string[]): string {
  try {
    return execFileSync('ip', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`ip ${args.join(' ')} failed: ${stderr || (error as Error).message}`);
  }
}

/** The same, for clean-up: a failure (the thing is already gone) is not one. */
export function ipQuietly(...args: string[]): string {
  try {
    return ip(...args);
  } catch {
    return '';
  }
}

/**
 * Why network namespaces cannot be made here (not root, no iproute2 with `ip netns`), or undefined
 * when they can.
 */
export function netnsUnavailableReason(): string | undefined {
  if (process.getuid?.() !== 0) return 'network namespaces need root (run the tests as root)';
  try {
    ip('netns', 'list');
  } catch (error) {
    return `\`ip netns\` is unavailable: ${(error as Error).message}`;
  }
  return undefined;
}

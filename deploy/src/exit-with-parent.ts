// A child of `capstan up` (the controllers, the node agent, the simulated runtime), or of a test,
// ends when the process that started it is gone, however it went: Linux would tell a child through
// PR_SET_PDEATHSIG, which Node does not expose, so the child checks once a second that its parent
// is still the one it started with, then stops as on SIGTERM, and is killed if that takes too long.

export const exitWithParentVariable = 'CAPSTAN_EXIT_WITH_PARENT';

/** How long an orphan may take to stop cleanly before it kills itself. */
const orphanStopMs = 10_000;

export function exitWithParent(env: NodeJS.ProcessEnv = process.env): void {
  const expected = Number(env[exitWithParentVariable]);
  if (!Number.isInteger(expected) || expected <= 0) return;
  const timer = setInterval(() => {
    if (process.ppid === expected) return;
    clearInterval(timer);
    // Not unref'd: while the process is still there, so is this deadline.
    setTimeout(() => process.kill(process.pid, 'SIGKILL'), orphanStopMs);
    process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}

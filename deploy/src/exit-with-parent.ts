// A child of `capstan up` (the node agent, the simulated runtime) ends when the cluster process is
// gone, however it went: Linux would tell a child through PR_SET_PDEATHSIG, which Node does not
// expose, so the child checks once a second that its parent is still the one it started with.

export const exitWithParentVariable = 'CAPSTAN_EXIT_WITH_PARENT';

export function exitWithParent(env: NodeJS.ProcessEnv = process.env): void {
  const expected = Number(env[exitWithParentVariable]);
  if (!Number.isInteger(expected) || expected <= 0) return;
  const timer = setInterval(() => {
    if (process.ppid !== expected) process.kill(process.pid, 'SIGTERM');
  }, 1000);
  timer.unref();
}

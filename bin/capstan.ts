#!/usr/bin/env node
// The capstan command line.

import { enableCompileCache, flushCompileCache } from 'node:module';

// Node keeps the stripped and compiled sources in a cache directory (NODE_COMPILE_CACHE, or one
// under the system's temporary directory; NODE_DISABLE_COMPILE_CACHE=1 turns it off): a start
// after the first skips type stripping and parsing, about half of a cold start. It must be on
// before our modules load, hence the dynamic import.
enableCompileCache();
// Node writes the cache at exit; a server may never exit cleanly, so write it once started too.
setTimeout(flushCompileCache, 3000).unref();
const { runCapstan } = await import('@capstan/deploy');

process.exitCode = await runCapstan(process.argv.slice(2));

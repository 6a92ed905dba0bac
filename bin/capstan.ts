#!/usr/bin/env node
// The capstan command line.

import { runCapstan } from '@capstan/deploy';

process.exitCode = await runCapstan(process.argv.slice(2));

// --token-auth-file: kube's static token file, CSV lines `token,user,uid[,"group1,group2"]`, read
// once at start (a change needs a restart, as in kube). A line with fewer than three columns fails
// the start; a line with an empty token is skipped, and of repeated tokens the last one wins.

import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { TokenAuthenticator, UserInfo } from './authenticator.ts';

export function tokenFileAuthenticator(path: string, warn: (message: string) => void = () => {}): TokenAuthenticator {
  const users = readTokenFile(path, warn);
  return { authenticateToken: (token) => users.get(token) };
}

export function readTokenFile(path: string, warn: (message: string) => void): Map<string, UserInfo> {
  const records = parse(readFileSync(path, 'utf8'), { relax_column_count: true, trim: true, skip_empty_lines: true }) as string[][];
  const users = new Map<string, UserInfo>();
  records.forEach((record, index) => {
    if (record.length < 3) throw new Error(`token file '${path}' must have at least 3 columns (token, user name, user uid), found ${record.length}`);
    const [token, username, uid, groups] = record as [string, string, string, string | undefined];
    if (token === '') {
      warn(`empty token has been found in token file '${path}', record number '${index + 1}'`);
      return;
    }
    if (users.has(token)) warn(`duplicate token has been found in token file '${path}', record number '${index + 1}'`);
    const groupNames =
      groups === undefined
        ? []
        : groups
            .split(',')
            .map((group) => group.trim())
            .filter((group) => group !== '');
    users.set(token, { username, uid, groups: groupNames, extra: {} });
  });
  return users;
}

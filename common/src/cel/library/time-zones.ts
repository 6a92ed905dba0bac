// The time zone argument of the timestamp getters, read as Kubernetes' cel-go reads it: a text
// with a ':' is a fixed offset "[+-]HH:MM" whose parts go through Go's strconv.Atoi (no range
// checks, so its errors are Atoi's); any other text is an IANA name given to time.LoadLocation
// ("" and "UTC" are UTC, "Local" the server's zone), answered here from the runtime's zone data (Intl).

import { goQuote } from '../../status/go-format.ts';
import { CelError } from '../values/values.ts';

/** The seconds east of UTC that a zone has at an instant. */
type ZoneOffset = (unixSeconds: bigint) => number;

const utc: ZoneOffset = () => 0;
const namedZones = new Map<string, ZoneOffset>();
let canonicalNames: ReadonlyMap<string, string> | undefined;

/** The zone a getter's argument names, or the error cel-go answers for it. */
export function resolveZone(zone: string): ZoneOffset | CelError {
  const colon = zone.indexOf(':');
  if (colon >= 0) return fixedOffset(zone, colon);
  if (zone === '' || zone === 'UTC') return utc;
  return namedZones.get(zone) ?? loadNamedZone(zone);
}

function fixedOffset(zone: string, colon: number): ZoneOffset | CelError {
  const hours = goAtoi(zone.slice(0, colon));
  if (hours instanceof CelError) return hours;
  const minutes = goAtoi(zone.slice(colon + 1));
  if (minutes instanceof CelError) return minutes;
  // The sign of the text, not of the hours, decides the minutes' sign: "-00:30" is half an hour west.
  const offsetMinutes = zone.startsWith('-') ? hours * 60 - minutes : hours * 60 + minutes;
  const offset = offsetMinutes * 60;
  return () => offset;
}

/** Go's strconv.Atoi: an optional sign and decimal digits within int64, or its error. */
function goAtoi(text: string): number | CelError {
  if (!/^[+-]?\d+$/.test(text)) return new CelError(`strconv.Atoi: parsing ${goQuote(text)}: invalid syntax`);
  const value = BigInt(text);
  if (value < -(2n ** 63n) || value >= 2n ** 63n) return new CelError(`strconv.Atoi: parsing ${goQuote(text)}: value out of range`);
  return Number(value);
}

function loadNamedZone(name: string): ZoneOffset | CelError {
  if (name.includes('..') || name.startsWith('/') || name.startsWith('\\')) return new CelError('time: invalid location name');
  const unknown = new CelError(`unknown time zone ${name}`);
  // Intl also takes offsets ("+05:30", "-08") and any letter case; Go's zone files take neither.
  if (name.startsWith('+') || name.startsWith('-')) return unknown;
  const canonical = canonicalZoneNames().get(name.toLowerCase());
  if (canonical !== undefined && canonical !== name) return unknown;
  let format: Intl.DateTimeFormat;
  try {
    const timeZone = name === 'Local' ? new Intl.DateTimeFormat().resolvedOptions().timeZone : name;
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
  } catch {
    return unknown;
  }
  const resolved = format.resolvedOptions().timeZone;
  if (resolved !== name && resolved.toLowerCase() === name.toLowerCase()) return unknown;
  const offsetAt: ZoneOffset = (unixSeconds) => {
    const part = format.formatToParts(new Date(Number(unixSeconds) * 1000)).find((p) => p.type === 'timeZoneName');
    return parseGmtOffset(part?.value ?? 'GMT');
  };
  namedZones.set(name, offsetAt);
  return offsetAt;
}

function canonicalZoneNames(): ReadonlyMap<string, string> {
  canonicalNames ??= new Map(Intl.supportedValuesOf('timeZone').map((name) => [name.toLowerCase(), name]));
  return canonicalNames;
}

/** "GMT", "GMT+05:30", "GMT-03:30", "GMT+05:53:28" (local mean time) as seconds east of UTC. */
function parseGmtOffset(text: string): number {
  const match = /^GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (match === null) return 0;
  const [, sign, hours, minutes, seconds] = match;
  const magnitude = Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds ?? 0);
  return sign === '-' ? -magnitude : magnitude;
}

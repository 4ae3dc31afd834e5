import fs from 'fs';
import path from 'path';
import { REPO_ROOT } from '../support/paths';
import { evaluateModule } from '../support/typescriptSource';

// The pages' runtime files that are not templated (templates/src/appgen/), run as they are:
// dates.ts, how a page writes a date (in the visitor's language, in UTC on the server, in the
// browser's zone after hydration), and pageRequest.ts, what a page's request passes on to the
// routes it calls (shared by the pages and the proxy's missing-record check).
const runtime = (file: string) =>
  evaluateModule(
    file,
    fs.readFileSync(path.join(REPO_ROOT, 'templates', 'src', 'appgen', file), 'utf8'),
  );
const dates = runtime('dates.ts');
const formatDate = dates.formatDate as (value: string, locale: string, zone?: string) => string;
const machineDate = dates.machineDate as (value: string) => string;
const pageRequest = runtime('pageRequest.ts');
const forwardedHeaders = pageRequest.forwardedHeaders as (incoming: Headers) => Headers;
const decodedSegments = pageRequest.decodedSegments as (segments: string[]) => string[] | null;

const INSTANT = '2026-03-01T23:30:00.000Z';
const expected = (locale: string, timeZone: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(INSTANT),
  );

describe('formatDate', () => {
  it("writes an instant in the visitor's language, in UTC on the server, saying so", () => {
    expect(formatDate(INSTANT, 'de-DE', 'UTC')).toBe(`${expected('de-DE', 'UTC')} UTC`);
    expect(formatDate(INSTANT, 'en-US', 'UTC')).toBe(`${expected('en-US', 'UTC')} UTC`);
    expect(formatDate(INSTANT, 'de-DE', 'UTC')).toContain('01.03.2026');
  });

  it("writes it in another zone as that zone's time (the browser's, once hydrated)", () => {
    const tokyo = formatDate(INSTANT, 'de-DE', 'Asia/Tokyo');
    expect(tokyo).toBe(expected('de-DE', 'Asia/Tokyo'));
    expect(tokyo).toContain('02.03.2026'); // 08:30 the next day in Tokyo
    expect(tokyo).not.toContain('UTC');
  });

  it('keeps a date with no time that date, in every zone, with no time', () => {
    const day = '2026-03-01T00:00:00.000Z';
    for (const zone of ['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', undefined])
      expect(formatDate(day, 'de-DE', zone)).toBe('01.03.2026');
    expect(formatDate(day, 'en-US')).toBe('Mar 1, 2026');
    expect(machineDate(day)).toBe('2026-03-01');
    expect(machineDate('2026-03-01T23:30:00+02:00')).toBe('2026-03-01T21:30:00.000Z');
  });

  it('leaves a value that is no date as it is', () => {
    expect(formatDate('soon', 'de-DE', 'UTC')).toBe('soon');
    expect(machineDate('soon')).toBe('soon');
  });
});

describe('pageRequest', () => {
  it("forwards the page request's headers but none that describe its body", () => {
    const incoming = new Headers({
      cookie: 'appgen_session=abc',
      authorization: 'Bearer x',
      'content-type': 'text/plain',
      'content-length': '3',
    });
    expect([...forwardedHeaders(incoming).keys()].sort()).toEqual(['authorization', 'cookie']);
  });

  it('decodes path segments, or says that one does not decode', () => {
    expect(decodedSegments(['caf%C3%A9', 'a%2Fb', 'plain'])).toEqual(['café', 'a/b', 'plain']);
    expect(decodedSegments(['ok', '%E0%A4%A'])).toBeNull();
  });
});

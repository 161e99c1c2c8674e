import { HEADERS, badRequest, parseFilters, type Filter, type Reference } from '@caseload/core';
import type { FastifyRequest } from 'fastify';
import type { WriteOptions } from '../storage/repository-context.ts';
import { utf8HeaderValue } from './utf8-text.ts';

type Headers = FastifyRequest['headers'];

/** A header's (first) value, as the UTF-8 text its sender wrote (a 400 when it is not UTF-8). */
function single(headers: Headers, name: string): string | undefined {
  const raw = headers[name];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value === undefined ? undefined : utf8HeaderValue(value, name);
}

/** `true`/`false` headers; anything else is a clear 400 rather than a silent default. */
export function booleanHeader(headers: Headers, name: string): boolean {
  const value = single(headers, name);
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw badRequest(`The ${name} header must be true or false.`);
}

function shortText(headers: Headers, name: string): string | undefined {
  const value = single(headers, name);
  if (value === undefined || value === '') return undefined;
  if (value.length > 200) throw badRequest(`The ${name} header is longer than 200 characters.`);
  return value;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

export function writeOptionsFrom(headers: Headers): WriteOptions {
  const ttl = single(headers, HEADERS.timeToLive);
  let timeToLiveSeconds: number | undefined;
  if (ttl !== undefined && ttl !== '') {
    timeToLiveSeconds = /^\d{1,10}$/.test(ttl) ? Number(ttl) : Number.NaN;
    if (!Number.isInteger(timeToLiveSeconds) || timeToLiveSeconds < 1 || timeToLiveSeconds > TEN_YEARS) {
      throw badRequest(`The ${HEADERS.timeToLive} header must be a whole number of seconds from 1 to ${TEN_YEARS}.`);
    }
  }
  return {
    automation: shortText(headers, HEADERS.automation),
    userSystem: shortText(headers, HEADERS.userSystem),
    noHistory: booleanHeader(headers, HEADERS.noHistory),
    sync: booleanHeader(headers, HEADERS.sync),
    timeToLiveSeconds,
  };
}

const PROFILE = /^([A-Z][A-Za-z]+)\/([A-Za-z0-9][A-Za-z0-9._-]{0,63})$/;

/** The profile header names the acting user as `resourceType/resourceId`. */
export function actorFrom(headers: Headers): Reference | undefined {
  const value = single(headers, HEADERS.profile);
  if (value === undefined || value === '') return undefined;
  const match = PROFILE.exec(value);
  if (!match) throw badRequest(`The ${HEADERS.profile} header must be resourceType/resourceId.`);
  return { resourceType: match[1]!, id: match[2]! };
}

export function partitionKeyFrom(headers: Headers): string | undefined {
  const value = single(headers, HEADERS.partitionKey);
  return value === undefined || value === '' ? undefined : value;
}

export function stringHeader(headers: Headers, name: string): string | undefined {
  const value = single(headers, name);
  return value === undefined || value === '' ? undefined : value;
}

/**
 * `If-None-Exist: identifiers.value=A1&birthDate=1990-02-03`: equality conditions in query-string
 * form; all must match for the existing resource to be returned instead of a new one.
 */
export function ifNoneExistFrom(headers: Headers): Filter[] | undefined {
  const value = single(headers, HEADERS.ifNoneExist);
  if (value === undefined || value === '') return undefined;
  const conditions = [...new URLSearchParams(value)].map(([field, v]) => ({ field, op: 'eq', value: v }));
  if (conditions.length === 0) throw badRequest(`The ${HEADERS.ifNoneExist} header has no conditions.`);
  return parseFilters(conditions);
}

/** `?expand=encounter,participants.individual` (the route's query schema makes it a string). */
export function expandFrom(query: { expand?: string }): string[] {
  const value = query.expand;
  if (value === undefined || value === '') return [];
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

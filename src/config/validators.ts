import type { ValueKind } from './fieldTypes';

export type ValidatorArgument = 'none' | 'integer' | 'number' | 'regex' | 'list';

export interface ValidatorInfo {
  argument: ValidatorArgument;
  /** Value kinds the validator applies to. */
  kinds: readonly ValueKind[];
  description: string;
}

const TEXT = ['string'] as const;
const NUMBERS = ['integer', 'number'] as const;

/**
 * Every validator name a route body may use. A validator with an argument is written
 * `name:argument`, e.g. `minLength:3`, `max:120`, `matches:^[a-z]+$`, `isIn:draft|published`.
 */
export const VALIDATORS = {
  notEmpty: { argument: 'none', kinds: TEXT, description: 'Not empty after trimming white space.' },
  isEmail: {
    argument: 'none',
    kinds: TEXT,
    description: 'An e-mail address (local@domain.tld) of at most 254 bytes.',
  },
  isUrl: {
    argument: 'none',
    kinds: TEXT,
    description: 'An absolute http or https URL of at most 8,000 bytes.',
  },
  isUuid: { argument: 'none', kinds: TEXT, description: 'A UUID (any version).' },
  isAlphanumeric: {
    argument: 'none',
    kinds: TEXT,
    description: 'Only letters A-Z, a-z and digits.',
  },
  isLowercase: { argument: 'none', kinds: TEXT, description: 'No upper-case letters.' },
  isUppercase: { argument: 'none', kinds: TEXT, description: 'No lower-case letters.' },
  minLength: { argument: 'integer', kinds: TEXT, description: 'At least N characters.' },
  maxLength: { argument: 'integer', kinds: TEXT, description: 'At most N characters.' },
  matches: {
    argument: 'regex',
    kinds: TEXT,
    description:
      'At most 1,000 characters, matching the JavaScript regular expression (whole argument after the colon).',
  },
  isIn: { argument: 'list', kinds: TEXT, description: 'One of the values separated by `|`.' },
  min: { argument: 'number', kinds: NUMBERS, description: 'At least N.' },
  max: { argument: 'number', kinds: NUMBERS, description: 'At most N.' },
  isPositive: { argument: 'none', kinds: NUMBERS, description: 'Greater than zero.' },
  isFuture: {
    argument: 'none',
    kinds: ['datetime'],
    description: 'A date and time later than now.',
  },
  isPast: {
    argument: 'none',
    kinds: ['datetime'],
    description: 'A date and time earlier than now.',
  },
} as const satisfies Record<string, ValidatorInfo>;

export type ValidatorName = keyof typeof VALIDATORS;
export const VALIDATOR_NAMES = Object.keys(VALIDATORS) as ValidatorName[];

/** A validator reference split into its name and argument, with the argument parsed. */
export interface ParsedValidator {
  name: ValidatorName;
  /** The argument text as written (after the first colon), if any. */
  raw?: string;
  number?: number;
  list?: string[];
}

export type ValidatorParseResult =
  { ok: true; validator: ParsedValidator } | { ok: false; message: string; hint: string };

export function parseValidator(text: string): ValidatorParseResult {
  const colon = text.indexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const raw = colon === -1 ? undefined : text.slice(colon + 1);
  if (!Object.prototype.hasOwnProperty.call(VALIDATORS, name)) {
    return { ok: false, message: `unknown validator "${name}"`, hint: '' };
  }
  const info: ValidatorInfo = VALIDATORS[name as ValidatorName];
  const validatorName = name as ValidatorName;
  if (info.argument === 'none') {
    if (raw !== undefined)
      return {
        ok: false,
        message: `validator "${name}" takes no argument`,
        hint: `write "${name}".`,
      };
    return { ok: true, validator: { name: validatorName } };
  }
  if (raw === undefined || raw === '') {
    return {
      ok: false,
      message: `validator "${name}" needs an argument`,
      hint: `write it as "${name}:${exampleArgument(info.argument)}".`,
    };
  }
  switch (info.argument) {
    case 'integer':
    case 'number': {
      if (!new RegExp(`^${ARGUMENT_PATTERNS[info.argument]}$`).test(raw)) {
        return {
          ok: false,
          message: `validator "${name}" needs ${info.argument === 'integer' ? 'a whole number' : 'a number'}, got "${raw}"`,
          hint: `write it as "${name}:${exampleArgument(info.argument)}".`,
        };
      }
      return { ok: true, validator: { name: validatorName, raw, number: Number(raw) } };
    }
    case 'regex':
      try {
        new RegExp(raw, 'u');
      } catch (error) {
        return {
          ok: false,
          message: `validator "${name}" has an invalid regular expression: ${(error as Error).message}`,
          hint: 'fix the pattern; it is a JavaScript regular expression with the u flag.',
        };
      }
      return { ok: true, validator: { name: validatorName, raw } };
    case 'list':
      return { ok: true, validator: { name: validatorName, raw, list: raw.split('|') } };
  }
}

/**
 * The text an argument of each kind must be, as a regular expression's source (no anchors): also
 * the patterns of the JSON Schemas' validator definition (validatorSchema.ts).
 */
export const ARGUMENT_PATTERNS: Record<Exclude<ValidatorArgument, 'none'>, string> = {
  integer: '[0-9]+',
  number: '-?[0-9]+(\\.[0-9]+)?',
  regex: '.+',
  list: '.+',
};

export function exampleArgument(argument: ValidatorArgument): string {
  return { none: '', integer: '3', number: '10', regex: '^[a-z]+$', list: 'a|b' }[argument];
}

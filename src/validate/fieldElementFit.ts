import type { BodyFieldOptions, ElementConfig } from '../config/configTypes';
import type { BodyFieldType } from '../config/fieldTypes';

/**
 * Whether a form element can edit a body field of the given type; what is wrong when it cannot.
 * The element decides what JSON value the browser sends, so a mismatch would always answer 400.
 */
export function fieldElementMismatch(
  element: ElementConfig,
  field: BodyFieldOptions,
): { message: string; hint: string } | null {
  // No element sends a JSON list; a multi-select is not built (yet).
  if (field.type === 'uuid[]' || field.type === 'string[]') {
    return {
      message: `body field "${element.id}" is ${field.type} (a list${field.type === 'uuid[]' ? ' of ids' : ''}), which no form element can send`,
      hint: 'remove the element from the form, and send the list from code of your own.',
    };
  }
  const message = typeMismatch(element, field.type);
  return message ? { message, hint: "change the element, or the body field's type." } : null;
}

function typeMismatch(
  element: ElementConfig,
  type: Exclude<BodyFieldType, 'uuid[]' | 'string[]'>,
): string | null {
  const want = (what: string) => `body field "${element.id}" is ${type}: use ${what}`;
  if (type === 'boolean') return element.type === 'checkbox' ? null : want('a checkbox');
  if (element.type === 'checkbox')
    return `a checkbox sends true or false, but body field "${element.id}" is ${type}`;
  if (type === 'json')
    return element.type === 'textarea' ? null : want('a textarea (its text is sent as JSON)');
  if (element.type === 'select')
    return ['string', 'text', 'enum', 'uuid'].includes(type) ? null : want('an input');
  if (element.type === 'textarea')
    return ['string', 'text'].includes(type) ? null : want('an input');
  if (
    type === 'password' &&
    element.type === 'input' &&
    element.inputType &&
    element.inputType !== 'password'
  )
    return want('inputType "password" (or leave inputType out)');
  if (element.type !== 'input' || !element.inputType) return null;
  const numeric = type === 'int' || type === 'float';
  if (element.inputType === 'number')
    return numeric
      ? null
      : `inputType "number" sends a number, but body field "${element.id}" is ${type}`;
  if (numeric) return want('inputType "number" (or leave inputType out)');
  if (element.inputType === 'date')
    return type === 'datetime'
      ? null
      : `inputType "date" fits datetime fields, but body field "${element.id}" is ${type}`;
  if (type === 'datetime')
    return element.inputType === 'text' ? null : want('inputType "date" (or leave inputType out)');
  return null;
}

import type { AttributeContext, ElementContext } from './contexts';

/** What decides a field control's attributes: the element as mapped so far. */
type Field = Pick<
  ElementContext,
  | 'type'
  | 'id'
  | 'inputType'
  | 'autocomplete'
  | 'required'
  | 'placeholder'
  | 'minLength'
  | 'maxLength'
  | 'min'
  | 'max'
  | 'step'
  | 'valueFrom'
  | 'valueKind'
  | 'fromQuery'
>;

const plain = (
  attributeKind: AttributeContext['attributeKind'],
  name: string,
  value: string | number | null,
): AttributeContext => ({ attributeKind, name, value, record: null, field: null });

/** Attributes whose value may be absent: only those that have one. */
function present(
  attributeKind: 'text' | 'number',
  values: Array<[string, string | number | null]>,
): AttributeContext[] {
  return values
    .filter(([, value]) => value !== null)
    .map(([name, value]) => plain(attributeKind, name, value));
}

/** `required` and `placeholder`, as inputs and textareas write them. */
function requiredAndPlaceholder(field: Field): AttributeContext[] {
  return [
    ...(field.required ? [plain('flag', 'required', null)] : []),
    ...present('text', [['placeholder', field.placeholder]]),
  ];
}

/** The value of an edit form's record (`valueFrom`), read by `attributeKind`; none without one. */
function fromRecord(
  field: Field,
  attributeKind: 'recordValue' | 'recordSelected' | 'recordChecked',
  name: string,
  value: string | null,
): AttributeContext[] {
  if (field.valueFrom === null) return [];
  return [{ attributeKind, name, value, record: field.valueFrom, field: field.id }];
}

/** The attributes of a field element's control after its id and name (and type or rows), in order. */
export function fieldAttributes(field: Field): AttributeContext[] {
  switch (field.type) {
    case 'input':
      return [
        ...present('text', [['autoComplete', field.autocomplete]]),
        ...requiredAndPlaceholder(field),
        ...present('number', [
          ['minLength', field.minLength],
          ['maxLength', field.maxLength],
          ['min', field.min],
          ['max', field.max],
        ]),
        ...present('text', [['step', field.step]]),
        ...fromRecord(field, 'recordValue', 'defaultValue', field.inputType),
        // A mailed link's `?token=`: the page's query parameter of the field's name.
        ...(field.fromQuery && field.id ? [plain('queryValue', 'defaultValue', field.id)] : []),
      ];
    case 'textarea':
      return [
        ...requiredAndPlaceholder(field),
        ...present('number', [
          ['minLength', field.minLength],
          ['maxLength', field.maxLength],
        ]),
        ...fromRecord(field, 'recordValue', 'defaultValue', field.valueKind),
      ];
    case 'select': {
      const filled = fromRecord(field, 'recordSelected', 'defaultValue', 'text');
      return [
        ...(field.required ? [plain('flag', 'required', null)] : []),
        ...(filled.length > 0 ? filled : [plain('string', 'defaultValue', '')]),
      ];
    }
    case 'checkbox':
      return fromRecord(field, 'recordChecked', 'defaultChecked', null);
    default:
      return [];
  }
}

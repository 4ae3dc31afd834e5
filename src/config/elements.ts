/**
 * Element types a view may use, with the attributes each one accepts (besides `type`). The
 * element table of docs/config.md and the view JSON Schema are checked against this list by tests, so
 * adding an element starts here.
 */
export const ELEMENT_TYPES = {
  heading: { attributes: ['text', 'level'], description: 'A heading (`level` 1 to 4, default 2).' },
  text: { attributes: ['text'], description: 'A paragraph of text.' },
  link: { attributes: ['href', 'label'], description: 'A link to a page or URL.' },
  section: {
    attributes: ['children', 'layout'],
    description: 'A container laying its children out as a stack, a row or a grid.',
  },
  form: {
    attributes: ['fields', 'route', 'load', 'success', 'params', 'notice'],
    description: 'A form; `fields` holds its child elements.',
  },
  input: {
    attributes: ['id', 'label', 'inputType', 'required', 'placeholder', 'fromQuery'],
    description:
      'A labelled input; `id` is its name. `fromQuery`: it starts with the page\'s query parameter of that name (a mailed link\'s `?token=`); `inputType` `"hidden"` sends it unseen.',
  },
  textarea: {
    attributes: ['id', 'label', 'required', 'placeholder', 'rows'],
    description: 'A labelled multi-line text input.',
  },
  select: {
    attributes: ['id', 'label', 'options', 'optionLabel', 'required'],
    description: 'A labelled drop-down of options.',
  },
  checkbox: { attributes: ['id', 'label'], description: 'A labelled checkbox (true or false).' },
  button: { attributes: ['label'], description: 'A submit button.' },
  list: {
    attributes: ['route', 'columns', 'link', 'empty', 'params'],
    description: 'A table of the records a GET route answers.',
  },
  detail: {
    attributes: ['route', 'columns', 'heading', 'params'],
    description: 'The fields of the record a GET route answers.',
  },
} as const;

export type ElementType = keyof typeof ELEMENT_TYPES;
export const ELEMENT_TYPE_NAMES = Object.keys(ELEMENT_TYPES) as ElementType[];

/** Elements that hold a named value sent with a form. */
export const FIELD_ELEMENTS: readonly ElementType[] = ['input', 'textarea', 'select', 'checkbox'];

export const INPUT_TYPES = ['text', 'email', 'password', 'number', 'date', 'hidden'] as const;
export type InputType = (typeof INPUT_TYPES)[number];

export const LAYOUTS = ['stack', 'row', 'grid'] as const;

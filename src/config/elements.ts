/** Element types a view may use, with the attributes each one accepts (besides `type`). */
export const ELEMENT_TYPES = {
  form: { attributes: ['fields'], description: 'A form; `fields` holds its child elements.' },
  input: { attributes: ['id', 'label', 'inputType', 'required', 'placeholder'], description: 'A labelled input; `id` is its name.' },
  button: { attributes: ['label'], description: 'A submit button.' },
} as const;

export type ElementType = keyof typeof ELEMENT_TYPES;
export const ELEMENT_TYPE_NAMES = Object.keys(ELEMENT_TYPES) as ElementType[];

export const INPUT_TYPES = ['text', 'email', 'password', 'number', 'date'] as const;

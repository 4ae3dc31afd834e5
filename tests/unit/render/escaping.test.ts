import { renderFiles } from '../support/renderFiles';
import { minimalProject } from '../support/configs';
import { stringValues, syntaxErrors } from '../support/typescriptSource';

const LABEL = 'Say "hi" & <b>{x}</b> ${y}';
const TITLE = 'Quotes " \' ` back\\slash ${x} */ /* <script> {y} \n line two \u2028 ünïcødé ✓ 🚀';
const REGEX = '^["\'\\\\]*\\*/\\$\\{y\\}$';
const VALUES = ['a"b', "it's", 'back\\slash', '*/', '${x}', 'line\nbreak', 'ü ✓'];

const files = minimalProject({
  'config/views/escape.json': {
    name: 'EscapePage',
    path: '/escape',
    title: TITLE,
    root: {
      type: 'form',
      fields: [
        { type: 'input', id: 'say', label: LABEL, placeholder: TITLE },
        { type: 'button', label: TITLE },
      ],
    },
  },
  'config/models/Note.json': { name: 'Note', fields: { text: { type: 'string', default: TITLE } } },
  'config/routes/notes.json': {
    routes: [
      {
        method: 'POST',
        path: '/api/notes',
        function: 'saveNote',
        body: {
          kind: { type: 'enum', values: VALUES },
          text: { type: 'string', validation: [`matches:${REGEX}`, `isIn:${VALUES.join('|')}`] },
        },
      },
    ],
  },
});

describe('config text reaches generated code as literal text', () => {
  const output = renderFiles(files);
  const content = (path: string) => {
    const file = output.get(path);
    if (!file) throw new Error(`not generated: ${path}`);
    return file.content;
  };

  it.each([...output.keys()].filter((path) => /\.tsx?$/.test(path)))(
    '%s has no syntax errors',
    (path) => {
      expect(syntaxErrors(path, content(path))).toEqual([]);
    },
  );

  it(`renders the label ${LABEL} as exactly that text`, () => {
    const page = content('src/app/escape/page.tsx');
    expect(stringValues('page.tsx', page)).toContain(LABEL);
    // In the quotes prettier prefers (more double quotes than single ones: single).
    expect(page).toContain(`<label htmlFor={"say"}>{'Say "hi" & <b>{x}</b> \${y}'}</label>`);
    expect(page).not.toContain('<b>{x}</b> ${y}</label>');
  });

  it('renders a title full of quotes, backslashes, ${}, */, newlines and unicode as literal text', () => {
    const values = stringValues('page.tsx', content('src/app/escape/page.tsx'));
    // metadata title, heading, placeholder and button label
    expect(values.filter((value) => value === TITLE)).toHaveLength(4);
    expect(stringValues('layout.tsx', content('src/app/layout.tsx'))).toContain(TITLE);
  });

  it('renders enum values and validator arguments as literals', () => {
    const code = [...output].filter(([path]) => path.endsWith('.ts'));
    const values = code.flatMap(([path, file]) => stringValues(path, file.content));
    // in the body type, the allowed values and the isIn list
    for (const value of VALUES)
      expect(values.filter((v) => v === value).length).toBeGreaterThanOrEqual(3);
    expect(values).toContain(REGEX);
    expect(new RegExp(REGEX, 'u').test('"\'*/${y}')).toBe(true);
  });

  it('writes a string default into the Prisma schema as an escaped string', () => {
    expect(content('prisma/schema.prisma')).toContain(
      `text String @default(${JSON.stringify(TITLE)})`,
    );
  });
});

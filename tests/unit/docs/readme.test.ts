import fs from 'fs';
import path from 'path';
import { ELEMENT_TYPE_NAMES, ELEMENT_TYPES } from '../../../src/config/elements';
import {
  BODY_FIELD_TYPE_NAMES,
  BODY_ONLY_TYPES,
  FIELD_TYPE_NAMES,
  isServerSetType,
} from '../../../src/config/fieldTypes';
import { TRANSFORM_NAMES } from '../../../src/config/transforms';
import { VALIDATOR_NAMES } from '../../../src/config/validators';
import { TEMPLATE_REGISTRY } from '../../../src/render/templateRegistry';
import { renderFiles } from '../support/renderFiles';
import {
  HTTP_METHOD_EXPORTS,
  OBJECT_PROTOTYPE,
  PRISMA_RESERVED,
  TEMPLATE_IMPORTS,
} from '../../../src/validate/reservedNames';

const root = path.resolve(__dirname, '..', '..', '..');
// The user's reference: the README and the docs it links (config format, CLI, templates).
const readme = ['README.md', 'docs/config.md', 'docs/cli.md', 'docs/templates.md']
  .map((file) => fs.readFileSync(path.join(root, file), 'utf8'))
  .join('\n');
const configDoc = fs.readFileSync(path.join(root, 'docs', 'config.md'), 'utf8');
const schema = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'schemas', name), 'utf8'));

// The README is the user's reference: every name the code accepts must be documented there,
// and the published JSON Schemas must accept exactly what the code knows.
describe('README and schemas stay in step with the code', () => {
  it.each(FIELD_TYPE_NAMES)('documents field type %s', (type) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${type}\` \\|`, 'm'));
  });

  it.each(Object.keys(BODY_ONLY_TYPES))('documents body type %s', (type) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${type.replace(/[[\]]/g, '\\$&')}\` \\|`, 'm'));
  });

  it.each(VALIDATOR_NAMES)('documents validator %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}[:\`]`, 'm'));
  });

  it.each(TRANSFORM_NAMES)('documents transform %s', (name) => {
    expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
  });

  it('routes schema lists exactly the known transforms', () => {
    expect(
      schema('routes.schema.json').definitions.bodyFieldLongForm.properties.transform.items.enum,
    ).toEqual([...TRANSFORM_NAMES]);
  });

  it.each(ELEMENT_TYPE_NAMES)('documents element %s and its attributes', (type) => {
    // A route field may share the element's name (`link`): the element's row names its attributes.
    const rows = readme.split('\n').filter((line) => line.startsWith(`| \`${type}\` |`));
    const row = rows.find((line) =>
      ELEMENT_TYPES[type].attributes.every((attribute) => line.includes(`\`${attribute}\``)),
    );
    expect(row ?? rows).toEqual(expect.any(String));
  });

  it('model schema lists exactly the known field types', () => {
    expect([...schema('model.schema.json').definitions.fieldType.enum].sort()).toEqual(
      [...FIELD_TYPE_NAMES].sort(),
    );
  });

  it('routes schema accepts every field type but those the server sets in bodies, and the body-only types', () => {
    expect([...schema('routes.schema.json').definitions.bodyType.enum].sort()).toEqual(
      [
        ...FIELD_TYPE_NAMES.filter((t) => !isServerSetType(t)),
        ...Object.keys(BODY_ONLY_TYPES),
      ].sort(),
    );
    expect([...BODY_FIELD_TYPE_NAMES].sort()).toEqual(
      [...schema('routes.schema.json').definitions.bodyType.enum].sort(),
    );
  });

  it('view schema accepts exactly the known elements, each with exactly its attributes', () => {
    const view = schema('view.schema.json');
    expect(view.definitions.element.properties.type.enum).toEqual(ELEMENT_TYPE_NAMES);
    for (const type of ELEMENT_TYPE_NAMES)
      expect(Object.keys(view.definitions[type].properties).sort()).toEqual(
        ['type', ...ELEMENT_TYPES[type].attributes].sort(),
      );
  });

  it('lists every name reserved for models, views, fields, functions, voters and events', () => {
    const section = configDoc.slice(configDoc.indexOf('## Reserved names and limits'));
    for (const name of [
      ...PRISMA_RESERVED,
      ...TEMPLATE_IMPORTS,
      ...OBJECT_PROTOTYPE,
      ...HTTP_METHOD_EXPORTS,
    ])
      expect(section).toContain(`\`${name}\``);
  });

  it('every registered template exists', () => {
    for (const entry of TEMPLATE_REGISTRY)
      expect(fs.existsSync(path.join(root, 'templates', entry.template))).toBe(true);
  });
});

// The README's first example ("In 30 seconds") is a project: its three files pass appgen's
// checks and give the list route, the create route with its validation, and the page. (What
// they answer over HTTP is the starter's, which tests/e2e/starter-app.test.ts drives.)
describe('the README example "In 30 seconds"', () => {
  const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = text.slice(text.indexOf('## In 30 seconds'), text.indexOf('## Start'));
  const blocks = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map((match) =>
    JSON.parse(match[1]),
  );
  const files = renderFiles({
    'config/models/User.json': blocks[0],
    'config/routes/users.json': blocks[1],
    'config/views/users.json': blocks[2],
  });

  it('is a model, its routes and a page that generate the files the README names', () => {
    expect(blocks).toHaveLength(3);
    for (const file of [
      'src/appgen/types/User.ts',
      'src/app/api/users/route.ts',
      'src/app/users/page.tsx',
    ])
      expect(files.has(file)).toBe(true);
    const handler = files.get('src/app/api/users/route.ts')?.content ?? '';
    expect(handler).toMatch(/export (async function|const) GET/);
    expect(handler).toMatch(/export (async function|const) POST/);
    expect(handler).toContain('["isEmail"]');
  });
});

// Issue 55 §5: the README is the newcomer's first screen and an index; the reference lives in
// docs/. Every link between them must land on a file and, with a #fragment, on one of its headings.
describe('the README and docs/ link to what exists', () => {
  const markdownFiles = [
    'README.md',
    ...fs
      .readdirSync(path.join(root, 'docs'))
      .filter((file) => file.endsWith('.md'))
      .map((file) => `docs/${file}`),
    'bench/README.md',
    'packages/create-appgen/README.md',
  ];
  // GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens.
  const slug = (heading: string) =>
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
  // GitHub's heading anchors, and the anchors a page sets itself (<a id="...">).
  const anchors = (file: string) => {
    const text = fs.readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
    return new Set([
      ...text
        .split('\n')
        .filter((line) => /^#{1,6} /.test(line))
        .map((line) => slug(line.replace(/^#+ /, ''))),
      ...[...text.matchAll(/<a id="([^"]+)">/g)].map((match) => match[1]),
    ]);
  };
  const links = markdownFiles.flatMap((file) =>
    [
      ...fs
        .readFileSync(path.join(root, file), 'utf8')
        .replace(/```[\s\S]*?```/g, '')
        .matchAll(/\]\(([^)\s]+)\)/g),
    ]
      .map((match) => match[1])
      .filter((target) => !/^[a-z]+:/.test(target))
      .map((target) => ({ file, target })),
  );

  it.each(links)('$file → $target', ({ file, target }) => {
    const [linked, fragment] = target.split('#');
    const resolved = linked ? path.posix.join(path.posix.dirname(file), linked) : file;
    expect(fs.existsSync(path.join(root, resolved))).toBe(true);
    if (fragment) expect([...anchors(resolved)]).toContain(fragment);
  });

  it('the README is short and points to set-up, the config format, decisions, the CLI, templates, the look and the libraries', () => {
    const text = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(text.split('\n').length).toBeLessThan(200);
    for (const target of [
      'docs/setup.md',
      'docs/config.md',
      'docs/decisions.md',
      'docs/cli.md',
      'docs/templates.md',
      'docs/pages.md#the-look',
      'docs/decisions.md#libraries-appgen-relies-on-and-why',
      'docs/security.md',
      'docs/deploy.md',
      'docs/performance.md',
    ])
      expect(text).toContain(`](${target})`);
  });
});

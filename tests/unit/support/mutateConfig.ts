/** A small seeded random source (mulberry32): the same seed gives the same run (fuzz, kill points). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Random = () => number;

const pick = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)];

/** Values that broke parsers, validators or templates before, or come close to what they treat specially. */
const ODD_STRINGS = [
  '',
  ' ',
  '\u0000',
  '\ud800',
  '\udc00x',
  '😀',
  'e\u0301',
  '\u202eevil',
  '\u200b',
  'ǅ',
  'İ',
  'ß',
  '\n',
  '"',
  '\\',
  '{{x}}',
  '</script>',
  '${x}',
  '`',
  'constructor',
  '__proto__',
  'toString',
  'Int',
  'Link',
  'AppgenForm',
  'GET',
  'default',
  'User',
  'user',
  'Users',
  '/api/users',
  '/api/Users',
  '/',
  '//x',
  '/..',
  '/api/users/:id',
  ':id',
  'string',
  'uuid',
  'json',
  'owner:authorId',
  'self',
  'GET /api/users',
  'POST /api/users',
  'id',
];

function randomValue(random: Random, depth = 0): Json {
  switch (Math.floor(random() * (depth > 2 ? 5 : 8))) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, [0, -1, 1.5, 1e308, -0, 2 ** 53 + 1, 42]);
    case 3:
    case 4:
      return pick(random, ODD_STRINGS);
    case 5:
      return 'x'.repeat(Math.floor(random() * 300_000));
    case 6:
      return [randomValue(random, depth + 1)];
    default:
      return { [pick(random, ODD_STRINGS)]: randomValue(random, depth + 1) };
  }
}

/** Every [container, key] in a JSON tree, so a mutation can reach any value. */
function slots(value: Json): Array<[Json[] | { [key: string]: Json }, string | number]> {
  const found: Array<[Json[] | { [key: string]: Json }, string | number]> = [];
  const walk = (node: Json): void => {
    if (Array.isArray(node))
      node.forEach((child, index) => {
        found.push([node, index]);
        walk(child);
      });
    else if (node && typeof node === 'object') {
      for (const key of Object.keys(node)) {
        found.push([node, key]);
        walk(node[key]);
      }
    }
  };
  walk(value);
  return found;
}

function nest(value: Json, depth: number): Json {
  let result = value;
  for (let i = 0; i < depth; i++) result = i % 2 ? [result] : { a: result };
  return result;
}

/** Changes one JSON value in place: its type, its key, its presence, its size or its depth. */
function mutateTree(random: Random, root: Json): Json {
  const all = slots(root);
  if (all.length === 0) return randomValue(random);
  const [container, key] = pick(random, all);
  const get = (): Json => (container as Record<string, Json>)[key as string];
  const set = (value: Json): void => {
    (container as Record<string, Json>)[key as string] = value;
  };
  switch (Math.floor(random() * 7)) {
    case 0:
      set(randomValue(random));
      break;
    case 1:
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete container[key as string];
      break;
    case 2:
      if (!Array.isArray(container)) {
        const value = get();
        delete container[key as string];
        container[pick(random, ODD_STRINGS) || 'x'] = value;
      }
      break;
    case 3:
      set(nest(get(), pick(random, [50, 99, 101, 150])));
      break;
    case 4:
      if (Array.isArray(container)) container.push(JSON.parse(JSON.stringify(get())) as Json);
      else set(pick(random, ODD_STRINGS));
      break;
    case 5:
      if (typeof get() === 'string') set(`${get() as string}${pick(random, ODD_STRINGS)}`);
      else set(pick(random, ODD_STRINGS));
      break;
    default:
      set('y'.repeat(Math.floor(random() * 2_000_000)));
  }
  return root;
}

/** A mutated copy of a config file's text: usually a JSON-level change, sometimes a text-level one. */
export function mutateConfigText(random: Random, text: string): string {
  const roll = random();
  if (roll < 0.08) return text.slice(0, Math.floor(random() * text.length));
  if (roll < 0.14) {
    const at = Math.floor(random() * text.length);
    return (
      text.slice(0, at) +
      pick(random, ['{', '}', '"', ',', '\\', '\u0000', '[', ']', ':', '\ud800']) +
      text.slice(at)
    );
  }
  if (roll < 0.18) return `{ "deep": ${'['.repeat(6000)}${']'.repeat(6000)} }`;
  try {
    let mutated = JSON.parse(text) as Json;
    const count = 1 + Math.floor(random() * 3);
    for (let i = 0; i < count; i++) mutated = mutateTree(random, mutated);
    return JSON.stringify(mutated, null, random() < 0.5 ? 2 : undefined);
  } catch {
    // Already broken or nested thousands deep by an earlier mutation of the same run.
    return `${text}}`;
  }
}

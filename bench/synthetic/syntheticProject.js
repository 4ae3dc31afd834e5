// A synthetic appgen project of any size: N models, 4N routes and N views, shaped like real
// config (every field type, validators, auth and a voter on some routes, forms with inputs).
const fs = require('fs');
const path = require('path');

const pad = (i) => String(i).padStart(4, '0');
const modelName = (i) => `Item${pad(i)}`;
const slug = (i) => `item${pad(i)}`;

function model(i) {
  return {
    name: modelName(i),
    fields: {
      id: 'uuid',
      name: 'string',
      code: { type: 'string', unique: true },
      description: { type: 'text', optional: true },
      count: { type: 'int', default: 0 },
      price: { type: 'float', optional: true },
      active: { type: 'boolean', default: true },
      status: { type: 'enum', values: ['draft', 'live', 'archived'], default: 'draft' },
      dueAt: { type: 'datetime', optional: true },
      meta: { type: 'json', optional: true },
      createdAt: 'date_now',
    },
  };
}

/** Four routes per model: list, create, read, and a guarded PATCH (even) or a DELETE (odd). */
function routes(i) {
  const base = `/api/${slug(i)}`;
  const item = `${base}/:id`;
  const last =
    i % 2 === 0
      ? {
          method: 'PATCH',
          path: item,
          params: { id: 'uuid' },
          body: {
            name: { type: 'string', validation: ['notEmpty'] },
            status: 'enum',
            price: { type: 'float', validation: ['min:0'] },
          },
          response: modelName(i),
          auth: true,
          voter: 'canEdit',
        }
      : { method: 'DELETE', path: item, params: { id: 'uuid' } };
  return {
    routes: [
      { method: 'GET', path: base, response: `${modelName(i)}[]` },
      {
        method: 'POST',
        path: base,
        body: {
          name: { type: 'string', required: true, validation: ['notEmpty', 'maxLength:100'] },
          code: { type: 'string', required: true, validation: ['isAlphanumeric', 'isUppercase'] },
          description: 'text',
          count: { type: 'int', validation: ['min:0'] },
          active: 'boolean',
          status: 'enum',
          dueAt: { type: 'datetime', validation: ['isFuture'] },
          meta: 'json',
        },
        response: modelName(i),
      },
      { method: 'GET', path: item, params: { id: 'uuid' }, response: modelName(i) },
      last,
    ],
  };
}

function view(i) {
  return {
    name: `${modelName(i)}Page`,
    path: `/${slug(i)}`,
    root: {
      type: 'form',
      fields: [
        { type: 'input', id: 'name', label: 'Name', required: true },
        { type: 'input', id: 'code', label: 'Code', placeholder: 'ABC123' },
        { type: 'input', id: 'count', label: 'Count', inputType: 'number' },
        { type: 'input', id: 'dueAt', label: 'Due', inputType: 'date' },
        { type: 'button', label: 'Save' },
      ],
    },
  };
}

const writeJson = (file, value) => {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};

/** Writes appgen.config.json and config/ for N models into `dir` (which must not exist yet). */
function writeSyntheticProject(dir, n) {
  writeJson(path.join(dir, 'appgen.config.json'), { orm: 'prisma' });
  for (let i = 1; i <= n; i++) {
    writeJson(path.join(dir, 'config', 'models', `${modelName(i)}.json`), model(i));
    writeJson(path.join(dir, 'config', 'routes', `${slug(i)}.json`), routes(i));
    writeJson(path.join(dir, 'config', 'views', `${slug(i)}.json`), view(i));
  }
}

/** Adds an optional field to the model in the middle: one config file changes. */
function changeOneModel(dir, n) {
  const i = Math.ceil(n / 2);
  const file = path.join(dir, 'config', 'models', `${modelName(i)}.json`);
  const value = JSON.parse(fs.readFileSync(file, 'utf8'));
  value.fields.note = { type: 'string', optional: true };
  writeJson(file, value);
  return path.relative(dir, file);
}

module.exports = { writeSyntheticProject, changeOneModel };

import { mapProject } from '../../../src/map/mapProject';
import { checkedProject, describeProblem, problemsIn } from '../support/checkConfig';
import { minimalProject, USER_MODEL } from '../support/configs';

const NOTE_MODEL = {
  name: 'Note',
  fields: { title: 'string', ownerId: 'uuid', views: { type: 'int', default: 0 } },
};

function withRoutes(routes: unknown[], extra: Record<string, unknown> = {}) {
  return minimalProject({
    'config/models/Note.json': NOTE_MODEL,
    'config/routes/notes.json': { routes },
    ...extra,
  });
}

const problems = (files: ReturnType<typeof withRoutes>) => problemsIn(files).map(describeProblem);

describe('built-in voters', () => {
  it('accepts self on a path with :id and owner:<field> on a route on one record', () => {
    expect(
      problems(
        withRoutes([
          {
            method: 'PATCH',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            body: { title: 'string' },
            response: 'Note',
            auth: true,
            voter: 'owner:ownerId',
          },
          {
            method: 'DELETE',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            auth: true,
            voter: 'self',
          },
        ]),
      ),
    ).toEqual([]);
  });

  it('accepts self on a user named by another unique field, and compares the record found', () => {
    const files = withRoutes(
      [
        {
          method: 'DELETE',
          path: '/api/people/:email',
          params: { email: 'string' },
          model: 'User',
          auth: true,
          voter: 'self',
        },
      ],
      {
        'config/models/User.json': {
          ...USER_MODEL,
          fields: { ...USER_MODEL.fields, email: { type: 'string', unique: true } },
        },
      },
    );
    expect(problems(files)).toEqual([]);
    const method = mapProject(checkedProject(files), {
      provider: 'sqlite',
      defaultDatabaseUrl: 'file:./prisma/dev.db',
    }).methods.find((m) => m.urlPath === '/api/people/:email');
    expect([method?.builtinVoter, method?.loadsRecord, method?.hasIdParam]).toEqual([
      'self',
      true,
      false,
    ]);
  });

  it('refuses self without :id', () => {
    expect(
      problems(
        withRoutes([{ method: 'GET', path: '/api/notes', response: 'Note[]', voter: 'self' }]),
      ),
    ).toEqual([
      expect.stringMatching(
        /routes\[0\]\.voter \| the built-in voter "self" compares the user named by the path with the signed-in user, and this path names no user/,
      ),
    ]);
  });

  it('refuses owner:<field> on a list or create, an unknown field (with a suggestion), and a non-id field', () => {
    const found = problems(
      withRoutes([
        { method: 'GET', path: '/api/notes', response: 'Note[]', voter: 'owner:ownerId' },
        {
          method: 'GET',
          path: '/api/notes/:id',
          params: { id: 'uuid' },
          response: 'Note',
          voter: 'owner:ownerID',
        },
        { method: 'DELETE', path: '/api/notes/:id', params: { id: 'uuid' }, voter: 'owner:views' },
      ]),
    );
    expect(found).toEqual([
      expect.stringMatching(
        /routes\[0\]\.voter \| the built-in voter "owner:ownerId" compares a field of the record, and GET \/api\/notes does not work on one existing record/,
      ),
      expect.stringMatching(
        /routes\[1\]\.voter \| Note has no field "ownerID" \| did you mean "owner:ownerId"\?/,
      ),
      expect.stringMatching(/routes\[2\]\.voter \| "views" is int; an owner field holds a user id/),
    ]);
  });

  it('asks for the field of a bare "owner" and rejects a malformed voter', () => {
    expect(
      problems(
        withRoutes([
          {
            method: 'GET',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            response: 'Note',
            voter: 'owner',
          },
        ]),
      ),
    ).toEqual([
      expect.stringMatching(
        /"owner" needs the field that holds the owner \| write "owner:<field>"/,
      ),
    ]);
    expect(
      problems(
        withRoutes([
          {
            method: 'GET',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            response: 'Note',
            voter: 'owner:',
          },
        ]),
      ),
    ).toEqual([
      expect.stringMatching(/routes\[0\]\.voter \| string "owner:" must be a voter name/),
    ]);
  });

  it('maps voters to the handler context: the record is loaded only where a voter sees it', () => {
    const context = mapProject(
      checkedProject(
        withRoutes([
          {
            method: 'PATCH',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            body: { title: 'string' },
            response: 'Note',
            auth: true,
            voter: 'owner:ownerId',
          },
          {
            method: 'DELETE',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            auth: true,
            voter: 'canDelete',
          },
          {
            method: 'GET',
            path: '/api/notes/:id',
            params: { id: 'uuid' },
            response: 'Note',
            voter: 'self',
          },
        ]),
      ),
      { provider: 'sqlite', defaultDatabaseUrl: 'file:./prisma/dev.db' },
    );
    const methods = context.routeFiles.find((f) => f.urlPath === '/api/notes/:id')?.methods ?? [];
    expect(
      methods.map((m) => [m.method, m.voter, m.builtinVoter, m.ownerField, m.loadsRecord]),
    ).toEqual([
      ['GET', null, 'self', null, true],
      ['PATCH', null, 'owner', 'ownerId', true],
      ['DELETE', 'canDelete', null, null, true],
    ]);
    expect(context.voters).toEqual(['canDelete']);
  });
});

describe('events', () => {
  const events = (list: unknown[]) => ({ 'config/events/events.json': { events: list } });

  it('match writes of their model by operation, in config order', () => {
    const files = withRoutes(
      [
        {
          method: 'POST',
          path: '/api/notes',
          body: { title: 'string', ownerId: 'uuid' },
          response: 'Note',
        },
        {
          method: 'PUT',
          path: '/api/notes/:id',
          params: { id: 'uuid' },
          body: { title: 'string', ownerId: 'uuid' },
          response: 'Note',
        },
        {
          method: 'PATCH',
          path: '/api/notes/:id',
          params: { id: 'uuid' },
          body: { title: 'string' },
          response: 'Note',
        },
        { method: 'DELETE', path: '/api/notes/:id', params: { id: 'uuid' } },
        { method: 'GET', path: '/api/notes', response: 'Note[]' },
      ],
      events([
        { name: 'noteWritten', model: 'Note', on: ['create', 'update'] },
        { name: 'noteGone', model: 'Note', on: ['delete'] },
        { name: 'audit', model: 'Note', on: ['create', 'update', 'delete'] },
        { name: 'userCreated', model: 'User', on: ['create'] },
      ]),
    );
    const context = mapProject(checkedProject(files), {
      provider: 'sqlite',
      defaultDatabaseUrl: 'file:./prisma/dev.db',
    });
    const fired = context.methods
      .filter((m) => m.model?.name === 'Note')
      .map((m) => `${m.method} ${m.queuedEvents.map((e) => e.name).join(',')}`);
    // Route files in path order: src/app/api/notes/[id]/route.ts sorts before .../notes/route.ts.
    expect(fired).toEqual([
      'PUT noteWritten,audit',
      'PATCH noteWritten,audit',
      'DELETE noteGone,audit',
      'GET ',
      'POST noteWritten,audit',
    ]);
    expect(
      context.methods.find((m) => m.method === 'POST' && m.model?.name === 'User')?.queuedEvents,
    ).toEqual([{ name: 'userCreated', attempts: 5 }]);
    expect(context.events.map((e) => e.name)).toEqual([
      'audit',
      'noteGone',
      'noteWritten',
      'userCreated',
    ]);
  });

  it('report an unknown model with a suggestion, duplicate names, reserved names and bad operations', () => {
    const found = problems(
      withRoutes([], {
        ...events([
          { name: 'a', model: 'Usr', on: ['create'] },
          { name: 'a', model: 'User', on: ['create'] },
          { name: 'record', model: 'User', on: ['create'] },
        ]),
        // A schema error stops the checks of its own file only, so it stands in a file of its own.
        'config/events/more.json': { events: [{ name: 'b', model: 'User', on: ['created'] }] },
      }),
    );
    expect(found).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /config\/events\/events\.json:\d+:\d+ events\[0\]\.model \| unknown model "Usr" \| did you mean "User"\?/,
        ),
        expect.stringMatching(/events\[1\]\.name \| event "a" is already declared/),
        expect.stringMatching(
          /events\[2\]\.name \| "record" is a reserved word or a name the generated handler uses/,
        ),
        expect.stringMatching(
          /config\/events\/more\.json:\d+:\d+ events\[0\]\.on\[0\] \| string "created" is not allowed here \| did you mean "create"\?/,
        ),
      ]),
    );
  });

  it('keeps the spec model valid on its own', () => {
    expect(USER_MODEL.name).toBe('User');
  });
});

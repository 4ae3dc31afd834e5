import { problemsIn } from '../support/checkConfig';
import { minimalProject } from '../support/configs';

describe('relations, hidden fields, include and links under both ORMs', () => {
  const files = (orm: string) =>
    minimalProject({
      'appgen.config.json': { orm },
      'config/models/Note.json': {
        name: 'Note',
        fields: { userId: 'uuid', secret: { type: 'string', optional: true, hidden: true } },
        relations: { user: { type: 'belongsTo', model: 'User' } },
      },
      'config/routes/notes.json': {
        routes: [{ method: 'GET', path: '/api/notes', response: 'Note[]', include: ['user'] }],
      },
    });

  it('are accepted under orm drizzle', () => {
    expect(problemsIn(files('drizzle'))).toEqual([]);
  });

  it('are accepted under orm prisma', () => {
    expect(problemsIn(files('prisma'))).toEqual([]);
  });

  describe('links written by routes (uuid[] body fields)', () => {
    const withLinks = (orm: string) =>
      minimalProject({
        'appgen.config.json': { orm },
        'config/models/Note.json': {
          name: 'Note',
          fields: { text: 'string' },
          relations: { readers: { type: 'manyToMany', model: 'User' } },
        },
        'config/routes/notes.json': {
          routes: [
            {
              method: 'POST',
              path: '/api/notes',
              body: { text: 'string', readers: 'uuid[]' },
              response: 'Note',
            },
            {
              method: 'POST',
              path: '/api/notes/share',
              function: 'shareNotes',
              body: { readers: 'uuid[]' },
            },
          ],
        },
      });

    it('are accepted under orm drizzle', () => {
      expect(problemsIn(withLinks('drizzle'))).toEqual([]);
    });

    it('are accepted under orm prisma', () => {
      expect(problemsIn(withLinks('prisma'))).toEqual([]);
    });
  });
});

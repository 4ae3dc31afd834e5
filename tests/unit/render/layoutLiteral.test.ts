import { layoutLiteral } from '../../../src/render/layoutLiteral';

// The `layout` helper: a literal written on one line, laid out as prettier lays it out with a
// print width of 100 (tests/unit/golden/goldenLayout.test.ts checks the result with prettier).
describe('layoutLiteral', () => {
  it('keeps a literal that fits on its line, with empty objects as {}', () => {
    expect(layoutLiteral('{ counts: {  }, include: {} }', 2, 'counting: ', ',')).toBe(
      '  counting: { counts: {}, include: {} },',
    );
  });

  it('breaks what does not fit, one member a line with trailing commas, inner groups that fit stay', () => {
    const fields = Array.from({ length: 12 }, (_, i) => `"field${i}"`).join(', ');
    expect(
      layoutLiteral(
        `{ fields: [${fields}], include: { author: null } }`,
        2,
        'shape: ',
        ' satisfies Shape,',
      ),
    ).toBe(
      [
        '  shape: {',
        '    fields: [',
        ...Array.from({ length: 12 }, (_, i) => `      "field${i}",`),
        '    ],',
        '    include: { author: null },',
        '  } satisfies Shape,',
      ].join('\n'),
    );
  });

  it('reads strings and expressions whole, commas and braces in them included', () => {
    const literal = '{ a: { where: { id: userId ?? "" } }, b: ["x, }", f(1, 2)] }';
    expect(layoutLiteral(literal, 0)).toBe(literal);
  });

  it('takes shorthand members (the names of an import) and breaks them as prettier does', () => {
    expect(layoutLiteral('{ a, b, }', 0, 'import ', ' from "x";')).toBe(
      'import { a, b } from "x";',
    );
    const names = Array.from({ length: 12 }, (_, i) => `name${i}`);
    expect(layoutLiteral(`{ ${names.join(', ')} }`, 0, 'import ', ' from "@/appgen/x";')).toBe(
      ['import {', ...names.map((name) => `  ${name},`), '} from "@/appgen/x";'].join('\n'),
    );
  });
  it('breaks a call as prettier does: its last object hugged, else one argument a line', () => {
    const update =
      'tx.article.update({ where: { id: current.id }, data: { favoritedBy: { connect: { id: userId } } }, include: articleAnswer.include(userId) })';
    expect(layoutLiteral(update, 6, 'const written = await ', ';')).toBe(
      [
        '      const written = await tx.article.update({',
        '        where: { id: current.id },',
        '        data: { favoritedBy: { connect: { id: userId } } },',
        '        include: articleAnswer.include(userId),',
        '      });',
      ].join('\n'),
    );
    const answer =
      'json(shaped(readComputed(record, getApiArticlesByIdCountsAnswer.reading), getApiArticlesByIdCountsAnswer.shape))';
    expect(layoutLiteral(answer, 4, 'return ', ';')).toBe(
      [
        '    return json(',
        '      shaped(',
        '        readComputed(record, getApiArticlesByIdCountsAnswer.reading),',
        '        getApiArticlesByIdCountsAnswer.shape,',
        '      ),',
        '    );',
      ].join('\n'),
    );
  });

  it('drops the quotes of a key that is an identifier name, as prettier does', () => {
    expect(layoutLiteral('json({ "article": a, "x-total-count": b })', 4, 'return ', ';')).toBe(
      '    return json({ article: a, "x-total-count": b });',
    );
  });

  it('breaks a conditional too long for its key: each branch on a line of its own', () => {
    const unique =
      '{ status: 409, message: fields ? `A record with this ${fields} already exists` : "A record with these values already exists" }';
    expect(layoutLiteral(unique, 6, 'return ', ';')).toBe(
      [
        '      return {',
        '        status: 409,',
        '        message: fields',
        '          ? `A record with this ${fields} already exists`',
        '          : "A record with these values already exists",',
        '      };',
      ].join('\n'),
    );
    expect(layoutLiteral('{ a: x ? "?" : y ?? z }', 0)).toBe('{ a: x ? "?" : y ?? z }');
  });

  it('breaks a conditional too long for its line in an array: each branch on a line of its own', () => {
    const rules =
      '{ AND: [caller.id === null ? NO_RECORDS : { author: { is: { id: caller.id } } }, caller.id === null ? NO_RECORDS : { desk: { is: { members: { some: { id: caller.id } } } } }] }';
    expect(layoutLiteral(rules, 4, 'when: (caller) => (', '),')).toBe(
      [
        '    when: (caller) => ({',
        '      AND: [',
        '        caller.id === null ? NO_RECORDS : { author: { is: { id: caller.id } } },',
        '        caller.id === null',
        '          ? NO_RECORDS',
        '          : { desk: { is: { members: { some: { id: caller.id } } } } },',
        '      ],',
        '    }),',
      ].join('\n'),
    );
  });

  it('breaks an arrow function member after its arrow: a member chain one call a line', () => {
    const finder =
      '{ one: true, key: "postId", find: (keys, reader, where) => reader.select({ key: tables.post.id, row: columns.post }).from(tables.post).where(and(inArray(tables.post.id, keys), where)) }';
    expect(layoutLiteral(finder, 4, 'post: ', ',')).toBe(
      [
        '    post: {',
        '      one: true,',
        '      key: "postId",',
        '      find: (keys, reader, where) =>',
        '        reader',
        '          .select({ key: tables.post.id, row: columns.post })',
        '          .from(tables.post)',
        '          .where(and(inArray(tables.post.id, keys), where)),',
        '    },',
      ].join('\n'),
    );
  });

  it('writes a conditional body in parentheses on one line, and breaks it before ? and :', () => {
    expect(layoutLiteral('{ a: (x) => x === null ? 0 : f(x) }', 0)).toBe(
      '{ a: (x) => (x === null ? 0 : f(x)) }',
    );
    const finder =
      '{ find: (ids, userId, reader) => userId === null ? null : reader.select({ key: tables.link.A }).from(tables.link).where(eq(tables.link.B, userId)) }';
    expect(layoutLiteral(finder, 4, 'liked: ', ',')).toBe(
      [
        '    liked: {',
        '      find: (ids, userId, reader) =>',
        '        userId === null',
        '          ? null',
        '          : reader',
        '              .select({ key: tables.link.A })',
        '              .from(tables.link)',
        '              .where(eq(tables.link.B, userId)),',
        '    },',
      ].join('\n'),
    );
  });

  it('breaks an array item that is an async arrow function, its awaited call hugging its object', () => {
    const fields = ['id', 'title', 'kind', 'body', 'createdAt', 'updatedAt']
      .map((field) => `${field}: true`)
      .join(', ');
    const probe = `["Note", async () => (await client()).note.findFirst({ select: { ${fields} } })]`;
    expect(layoutLiteral(probe, 2, '', ',')).toBe(
      [
        '  [',
        '    "Note",',
        '    async () =>',
        '      (await client()).note.findFirst({',
        `        select: { ${fields} },`,
        '      }),',
        '  ],',
      ].join('\n'),
    );
  });

  it('breaks a member chain argument and the call holding it, as prettier breaks a subquery', () => {
    const subquery =
      'db.select({ id: tables.board.id }).from(tables.board).where(eq(tables.board.name, name as string))';
    expect(layoutLiteral(`and(filtered(t, c), inArray(tables.task.boardId, ${subquery}))`, 4)).toBe(
      [
        '    and(',
        '      filtered(t, c),',
        '      inArray(',
        '        tables.task.boardId,',
        '        db',
        '          .select({ id: tables.board.id })',
        '          .from(tables.board)',
        '          .where(eq(tables.board.name, name as string)),',
        '      ),',
        '    )',
      ].join('\n'),
    );
  });

  it('breaks a conditional argument before ? and :, its branches laid out after their marks', () => {
    const related =
      'query.related.board === undefined ? undefined : inArray(tables.task.boardId, db.select({ id: tables.board.id }).from(tables.board).where(eq(tables.board.name, name)))';
    expect(layoutLiteral(`and(filtered(t, c), ${related})`, 4, 'const where = ', ';')).toBe(
      [
        '    const where = and(',
        '      filtered(t, c),',
        '      query.related.board === undefined',
        '        ? undefined',
        '        : inArray(',
        '            tables.task.boardId,',
        '            db',
        '              .select({ id: tables.board.id })',
        '              .from(tables.board)',
        '              .where(eq(tables.board.name, name)),',
        '          ),',
        '    );',
      ].join('\n'),
    );
  });

  it('hugs a last argument that is an arrow function returning a call or an object (issue 51)', () => {
    const rows =
      'found.flatMap((row) => eventRows([["taskChanged", 5]], { model: "Task", operation: "delete", record: row, userId }))';
    expect(layoutLiteral(`{ data: ${rows} }`, 8, 'await tx.appgenEvent.createMany(', ');')).toBe(
      [
        '        await tx.appgenEvent.createMany({',
        '          data: found.flatMap((row) =>',
        '            eventRows([["taskChanged", 5]], {',
        '              model: "Task",',
        '              operation: "delete",',
        '              record: row,',
        '              userId,',
        '            }),',
        '          ),',
        '        });',
      ].join('\n'),
    );
    const links =
      '{ set: [], connectOrCreate: (body.labelNames ?? []).map((key) => ({ where: { name: key }, create: { name: key } })) }';
    expect(layoutLiteral(links, 12, 'labels: ', ',')).toBe(
      [
        '            labels: {',
        '              set: [],',
        '              connectOrCreate: (body.labelNames ?? []).map((key) => ({',
        '                where: { name: key },',
        '                create: { name: key },',
        '              })),',
        '            },',
      ].join('\n'),
    );
  });

  it('hugs an object cast to a generic type as the last argument, breaking the type argument', () => {
    const matching =
      'matching(tables.comment, { postId: params.postId, ...query.where } as Partial<typeof tables.comment.$inferSelect>)';
    expect(layoutLiteral(`and(${matching}, filtered(t, c))`, 4)).toBe(
      [
        '    and(',
        '      matching(tables.comment, { postId: params.postId, ...query.where } as Partial<',
        '        typeof tables.comment.$inferSelect',
        '      >),',
        '      filtered(t, c),',
        '    )',
      ].join('\n'),
    );
  });

  it('breaks an array item that is a conditional too long for its line before ? and :', () => {
    const item =
      'query.related.favorited === undefined ? {} : { favoritedBy: { some: { username: query.related.favorited } } }';
    expect(layoutLiteral(`[...conditionsWhere(query.conditions), ${item}]`, 6, 'AND: ', ',')).toBe(
      [
        '      AND: [',
        '        ...conditionsWhere(query.conditions),',
        '        query.related.favorited === undefined',
        '          ? {}',
        '          : { favoritedBy: { some: { username: query.related.favorited } } },',
        '      ],',
      ].join('\n'),
    );
  });
});

import { layoutType } from '../../../src/render/layoutType';
import { prettierFormat } from '../support/prettier';

const fields = ['slug', 'title', 'description', 'body', 'tagList', 'createdAt', 'updatedAt'];
const article = `Required<Pick<Article, ${fields.map((f) => `"${f}"`).join(' | ')}>>`;
const author = 'Required<Pick<User, "username" | "bio" | "image" | "following">>';

// The `typeLayout` helper (the result types of src/appgen/client.ts): a type written on one line.
const TYPES: Array<[string, string]> = [
  ['Short', '{ count: number }'],
  [
    'GetApiCommentsResult',
    'Array<Omit<Comment, "post"> & { post: Required<Pick<Post, "title">> | null }>',
  ],
  [
    'GetApiPostsByIdResult',
    'Omit<Post, "author" | "comments" | "tags"> & { author: Required<Pick<User, "id" | "name" | "createdAt">>; comments: Array<Comment>; tags: Array<Tag> }',
  ],
  [
    'PutApiArticlesByIdLabelsResult',
    'Omit<Article & Required<Pick<Article, "url">>, "labels"> & { labels: Array<Label & Required<Pick<Label, "url">>> }',
  ],
  [
    'PutApiArticlesByIdResult',
    'Omit<Article & Required<Pick<Article, "url">>, "labels"> & { labels: Array<Label & Required<Pick<Label, "url">>> }',
  ],
  [
    'GetApiArticlesResult',
    `{ articles: Array<${article} & { author: ${author} }>; articlesCount: number }`,
  ],
  ['PostApiArticlesBySlugFavoriteResult', `{ article: ${article} & { author: ${author} } }`],
  ['GetApiTagsResult', '{ tags: Array<Required<Pick<Tag, "name">>["name"]> }'],
];

it('lays out types as prettier does', () => {
  const source = [
    ...TYPES.map(([name, type]) => layoutType(type, 0, `export type ${name} = `, ';')),
    '',
  ].join('\n');
  expect(source).toBe(prettierFormat(source, 'client.ts'));
});

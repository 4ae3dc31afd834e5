/**
 * One mistake in the blog of tests/unit/support/mistakeBlog.ts: `from` (once in `file`) becomes
 * `to`; without `from`, `file` is added with the text `to`. The error must point at the first
 * `at` (default: `to`) from the edit on, in `errorIn` when the error belongs in another file.
 * `fixed`: the correction, for an error whose fix is an instruction rather than a value (else
 * the test applies the value the error suggests); `moveTo`: the file moved where it belongs.
 */
export interface Mistake {
  name: string;
  file: string;
  from?: string;
  to: string;
  at?: string;
  errorIn?: string;
  fixed?: { from: string; to: string; file?: string } | { moveTo: string };
}

const POST = 'config/models/Post.json';
const USER = 'config/models/User.json';
const COMMENT = 'config/models/Comment.json';
const POSTS = 'config/routes/posts.json';
const USERS = 'config/routes/users.json';
const COMMENTS = 'config/routes/comments.json';
const LIST = 'config/views/posts.json';
const PAGE = 'config/views/post.json';
const FORM = 'config/views/newPost.json';
const SETTINGS = 'appgen.config.json';

const MODELS: Mistake[] = [
  {
    name: 'field type "txt"',
    file: POST,
    from: '"body": "text"',
    to: '"body": "txt"',
    at: '"txt"',
  },
  {
    name: 'field type "String"',
    file: USER,
    from: '"name": "string"',
    to: '"name": "String"',
    at: '"String"',
  },
  {
    name: 'field type "uid"',
    file: COMMENT,
    from: '"postId": "uuid"',
    to: '"postId": "uid"',
    at: '"uid"',
  },
  {
    name: 'long-form type "innt"',
    file: POST,
    from: '"type": "int"',
    to: '"type": "innt"',
    at: '"innt"',
  },
  {
    name: 'field option "optinal"',
    file: USER,
    from: '"optional": true',
    to: '"optinal": true',
    at: '"optinal"',
  },
  {
    name: 'field option "uniqe"',
    file: USER,
    from: '"unique": true',
    to: '"uniqe": true',
    at: '"uniqe"',
  },
  {
    name: 'model key "nmae"',
    file: POST,
    from: '"name": "Post"',
    to: '"nmae": "Post"',
    at: '"nmae"',
  },
  { name: 'model key "feilds"', file: COMMENT, from: '"fields"', to: '"feilds"' },
  { name: 'model key "relation"', file: USER, from: '"relations"', to: '"relation"' },
  {
    name: 'relation type "belongTo"',
    file: POST,
    from: '"type": "belongsTo"',
    to: '"type": "belongTo"',
    at: '"belongTo"',
  },
  {
    name: 'relation type "hasmany"',
    file: USER,
    from: '"type": "hasMany"',
    to: '"type": "hasmany"',
    at: '"hasmany"',
  },
  {
    name: 'relation model "Usr"',
    file: POST,
    from: '"model": "User"',
    to: '"model": "Usr"',
    at: '"Usr"',
  },
  {
    name: 'relations nested inside fields',
    file: COMMENT,
    from: '"createdAt": "date_now" },\n  "relations": { "post": { "type": "belongsTo", "model": "Post", "onDelete": "cascade" } }',
    to: '"createdAt": "date_now",\n  "relations": { "post": { "type": "belongsTo", "model": "Post", "onDelete": "cascade" } } }',
    at: '"relations"',
    fixed: {
      from: '"createdAt": "date_now",\n  "relations": { "post": { "type": "belongsTo", "model": "Post", "onDelete": "cascade" } } }',
      to: '"createdAt": "date_now" },\n  "relations": { "post": { "type": "belongsTo", "model": "Post", "onDelete": "cascade" } }',
    },
  },
  {
    name: 'relation model "Comments"',
    file: POST,
    from: '"model": "Comment"',
    to: '"model": "Comments"',
    at: '"Comments"',
  },
  {
    name: 'onDelete "cascde"',
    file: COMMENT,
    from: '"onDelete": "cascade"',
    to: '"onDelete": "cascde"',
    at: '"cascde"',
  },
  {
    name: 'int default in quotes',
    file: POST,
    from: '"default": 0',
    to: '"default": "0"',
    at: '"0"',
  },
  {
    name: 'optional as a string',
    file: USER,
    from: '"optional": true',
    to: '"optional": "true"',
    at: '"true"',
  },
  {
    name: 'model name in lower case',
    file: COMMENT,
    from: '"name": "Comment"',
    to: '"name": "comment"',
    at: '"comment"',
  },
  {
    name: 'enum default not among its values',
    file: POST,
    from: '"default": "draft"',
    to: '"default": "drafts"',
    at: '"drafts"',
  },
];

const ROUTES: Mistake[] = [
  {
    name: 'route key "methd"',
    file: USERS,
    from: '"method": "POST"',
    to: '"methd": "POST"',
    at: '"methd"',
  },
  {
    name: 'method "GTE"',
    file: COMMENTS,
    from: '"method": "GET"',
    to: '"method": "GTE"',
    at: '"GTE"',
  },
  {
    name: 'method in lower case',
    file: USERS,
    from: '"method": "GET"',
    to: '"method": "get"',
    at: '"get"',
  },
  {
    name: 'response "Posts[]"',
    file: POSTS,
    from: '"response": "Post[]"',
    to: '"response": "Posts[]"',
    at: '"Posts[]"',
  },
  {
    name: 'response "Coment[]"',
    file: COMMENTS,
    from: '"response": "Comment[]"',
    to: '"response": "Coment[]"',
    at: '"Coment[]"',
  },
  {
    name: 'response "post"',
    file: USERS,
    from: '"response": "User" },',
    to: '"response": "user" },',
    at: '"user"',
  },
  {
    name: 'response "Post[ ]"',
    file: POSTS,
    from: '"response": "Post[]"',
    to: '"response": "Post[ ]"',
    at: '"Post[ ]"',
  },
  {
    name: 'param type "uid"',
    file: USERS,
    from: '"params": { "id": "uuid" }',
    to: '"params": { "id": "uid" }',
    at: '"uid"',
  },
  {
    name: 'voter "ownr:authorId"',
    file: POSTS,
    from: '"auth": true, "voter": "owner:authorId"',
    to: '"auth": true, "voter": "ownr:authorId"',
    at: '"ownr:authorId"',
  },
  {
    name: 'voter "owner:autorId"',
    file: POSTS,
    from: '"auth": true, "voter": "owner:authorId"',
    to: '"auth": true, "voter": "owner:autorId"',
    at: '"owner:autorId"',
  },
  {
    name: 'voter "owner" without its field',
    file: POSTS,
    from: '"auth": true, "voter": "owner:authorId"',
    to: '"auth": true, "voter": "owner"',
    at: '"owner"',
    fixed: { from: '"voter": "owner"', to: '"voter": "owner:authorId"' },
  },
  {
    name: 'validator "notEmty"',
    file: COMMENTS,
    from: '"validation": ["notEmpty"]',
    to: '"validation": ["notEmty"]',
    at: '"notEmty"',
  },
  { name: 'validator "isEmial"', file: USERS, from: '"isEmail"', to: '"isEmial"' },
  {
    name: 'validator "maxLenght:200"',
    file: POSTS,
    from: '"maxLength:200"',
    to: '"maxLenght:200"',
  },
  {
    name: 'validator "maxLength:lots"',
    file: COMMENTS,
    from: '"maxLength:2000"',
    to: '"maxLength:lots"',
    fixed: { from: '"maxLength:lots"', to: '"maxLength:2000"' },
  },
  {
    name: 'validation as one string, not a list',
    file: USERS,
    from: '"validation": ["isEmail"]',
    to: '"validation": "isEmail"',
    at: '"isEmail"',
    fixed: { from: '"validation": "isEmail"', to: '"validation": ["isEmail"]' },
  },
  {
    name: 'body field type "strng"',
    file: USERS,
    from: '"name": { "type": "string"',
    to: '"name": { "type": "strng"',
    at: '"strng"',
  },
  {
    name: 'body field option "requird"',
    file: COMMENTS,
    from: '"author": { "type": "string", "required": true',
    to: '"author": { "type": "string", "requird": true',
    at: '"requird"',
  },
  {
    name: 'query "pagesize"',
    file: POSTS,
    from: '"pageSize": 20',
    to: '"pagesize": 20',
    at: '"pagesize"',
  },
  {
    name: 'page size in quotes',
    file: POSTS,
    from: '"pageSize": 20',
    to: '"pageSize": "20"',
    at: '"20"',
  },
  {
    name: 'filter "stauts"',
    file: POSTS,
    from: '"filter": ["status"]',
    to: '"filter": ["stauts"]',
    at: '"stauts"',
  },
  {
    name: 'sort "createdat"',
    file: POSTS,
    from: '"sort": ["createdAt"',
    to: '"sort": ["createdat"',
    at: '"createdat"',
  },
  {
    name: 'include "autor"',
    file: POSTS,
    from: '"include": ["author"]',
    to: '"include": ["autor"]',
    at: '"autor"',
  },
  { name: 'routes file key "route"', file: COMMENTS, from: '"routes"', to: '"route"' },
  {
    name: 'path parameter spelt unlike its params',
    file: COMMENTS,
    from: '"path": "/api/posts/:postId/comments",\n      "params": { "postId": "uuid" },\n      "response": "Comment[]"',
    to: '"path": "/api/posts/:postid/comments",\n      "params": { "postId": "uuid" },\n      "response": "Comment[]"',
    at: '"/api/posts/:postid/comments"',
  },

  {
    name: 'auth "true" in quotes',
    file: POSTS,
    from: '"auth": true,\n',
    to: '"auth": "true",\n',
    at: '"true"',
  },
  {
    name: 'a body on a DELETE',
    file: POSTS,
    from: '"params": { "id": "uuid" }, "auth": true',
    to: '"params": { "id": "uuid" }, "body": { "reason": "string" }, "auth": true',
    at: '"body"',
    fixed: { from: '"body": { "reason": "string" }, ', to: '' },
  },
  {
    name: 'path without its leading slash',
    file: USERS,
    from: '"path": "/api/users",',
    to: '"path": "api/users",',
    at: '"api/users"',
  },
  {
    name: 'function name with a dash',
    file: POSTS,
    from: '"response": "Post" },',
    to: '"response": "Post", "function": "get-post" },',
    at: '"get-post"',
  },
];

const VIEWS: Mistake[] = [
  {
    name: 'element type "lst"',
    file: LIST,
    from: '"type": "list"',
    to: '"type": "lst"',
    at: '"lst"',
  },
  {
    name: 'route "GET /api/post"',
    file: LIST,
    from: '"route": "GET /api/posts"',
    to: '"route": "GET /api/post"',
    at: '"GET /api/post"',
  },
  {
    name: 'route method "GTE"',
    file: PAGE,
    from: '"route": "GET /api/posts/:id"',
    to: '"route": "GTE /api/posts/:id"',
    at: '"GTE /api/posts/:id"',
  },
  {
    name: "a route's parameter missing from the page's path",
    file: LIST,
    from: '"route": "GET /api/posts"',
    to: '"route": "GET /api/posts/:postId/comments"',
    at: '"GET /api/posts/:postId/comments"',
    fixed: { from: '"route": "GET /api/posts/:postId/comments"', to: '"route": "GET /api/posts"' },
  },
  {
    name: 'column "titel"',
    file: LIST,
    from: '["title", "author.name"',
    to: '["titel", "author.name"',
    at: '"titel"',
  },
  { name: 'column "author.nme"', file: LIST, from: '"author.name"', to: '"author.nme"' },
  { name: 'column "autor.name"', file: LIST, from: '"author.name"', to: '"autor.name"' },
  {
    name: 'column of a relation the route does not include',
    file: POSTS,
    from: '"include": ["author"],\n      ',
    to: '',
    at: '"author.name"',
    errorIn: LIST,
    fixed: {
      from: '"response": "Post[]",\n',
      to: '"response": "Post[]",\n      "include": ["author"],\n',
    },
  },
  {
    name: 'column three levels deep',
    file: LIST,
    from: '"author.name"',
    to: '"author.posts.title"',
    fixed: { from: '"author.posts.title"', to: '"author.name"' },
  },
  {
    name: 'column of a hasMany relation',
    file: LIST,
    from: '"author.name"',
    to: '"comments.content"',
    fixed: { from: '"comments.content"', to: '"author.name"' },
  },
  {
    name: 'detail column of a relation the route does not include',
    file: PAGE,
    from: '"columns": ["body", "createdAt"]',
    to: '"columns": ["author.name", "createdAt"]',
    at: '"author.name"',
    fixed: {
      file: POSTS,
      from: '"path": "/api/posts/:id", "params": { "id": "uuid" }, "response": "Post" }',
      to: '"path": "/api/posts/:id", "params": { "id": "uuid" }, "response": "Post", "include": ["author"] }',
    },
  },
  {
    name: 'column object key "feild"',
    file: LIST,
    from: '{ "field": "createdAt"',
    to: '{ "feild": "createdAt"',
    at: '"feild"',
  },
  {
    name: 'params key "postid"',
    file: PAGE,
    from: '"list", "route": "GET /api/posts/:postId/comments", "params": { "postId": "id" }',
    to: '"list", "route": "GET /api/posts/:postId/comments", "params": { "postid": "id" }',
    at: '"postid"',
  },
  {
    name: 'params value "ID"',
    file: PAGE,
    from: '"list", "route": "GET /api/posts/:postId/comments", "params": { "postId": "id" }',
    to: '"list", "route": "GET /api/posts/:postId/comments", "params": { "postId": "ID" }',
    at: '"ID"',
  },
  {
    name: 'params missing on a nested route',
    file: PAGE,
    from: '"list", "route": "GET /api/posts/:postId/comments", "params": { "postId": "id" },',
    to: '"list", "route": "GET /api/posts/:postId/comments",',
    at: '"GET /api/posts/:postId/comments"',
    fixed: {
      from: '"list", "route": "GET /api/posts/:postId/comments",',
      to: '"list", "route": "GET /api/posts/:postId/comments", "params": { "postId": "id" },',
    },
  },
  {
    name: 'form field id "titel"',
    file: FORM,
    from: '"id": "title"',
    to: '"id": "titel"',
    at: '"titel"',
  },
  {
    name: 'element key "lable"',
    file: FORM,
    from: '"label": "Publish"',
    to: '"lable": "Publish"',
    at: '"lable"',
  },
  {
    name: 'heading "titel"',
    file: PAGE,
    from: '"heading": "title"',
    to: '"heading": "titel"',
    at: '"titel"',
  },
  {
    name: 'view name in camelCase',
    file: LIST,
    from: '"name": "PostsPage"',
    to: '"name": "postsPage"',
    at: '"postsPage"',
  },
  { name: 'section key "chidren"', file: PAGE, from: '"children"', to: '"chidren"' },
  { name: 'list key "colums"', file: LIST, from: '"columns"', to: '"colums"' },
  { name: 'textarea rows in quotes', file: FORM, from: '"rows": 8', to: '"rows": "8"', at: '"8"' },
  {
    name: 'input type "emial"',
    file: FORM,
    from: '"label": "Author" }',
    to: '"label": "Author", "inputType": "emial" }',
    at: '"emial"',
  },
  {
    name: 'section layout "rows"',
    file: PAGE,
    from: '"type": "section",',
    to: '"type": "section", "layout": "rows",',
    at: '"rows"',
  },
  {
    name: 'form fields under "children"',
    file: FORM,
    from: '"fields": [',
    to: '"children": [',
    at: '"children"',
  },
  {
    name: 'view key "titel"',
    file: LIST,
    from: '"title": "Posts"',
    to: '"titel": "Posts"',
    at: '"titel"',
  },
];

const FILES: Mistake[] = [
  {
    name: 'JSON: a trailing comma',
    file: USER,
    from: '"optional": true }\n',
    to: '"optional": true },\n',
    at: '},\n  "relations"',
    fixed: { from: '"optional": true },\n', to: '"optional": true }\n' },
  },
  {
    name: 'JSON: a missing comma',
    file: POSTS,
    from: '"response": "Post[]",\n',
    to: '"response": "Post[]"\n',
    at: '"include"',
    fixed: { from: '"response": "Post[]"\n', to: '"response": "Post[]",\n' },
  },
  {
    name: 'JSON: single quotes',
    file: LIST,
    from: '"title": "Posts"',
    to: "'title': 'Posts'",
    fixed: { from: "'title': 'Posts'", to: '"title": "Posts"' },
  },
  {
    name: 'JSON: a comment',
    file: COMMENT,
    from: '{\n  "name"',
    to: '{\n  // comments on posts\n  "name"',
    at: '// comments',
    fixed: { from: '  // comments on posts\n', to: '' },
  },
  {
    name: 'a routes file in config/models',
    file: 'config/models/tags.json',
    to: '{\n  "routes": [{ "method": "GET", "path": "/api/users", "response": "User[]" }]\n}\n',
    at: '"routes"',
    fixed: { moveTo: 'config/routes/tags.json' },
  },
  {
    name: 'a model file in config/routes',
    file: 'config/routes/Tag.json',
    to: '{\n  "name": "Tag",\n  "fields": { "label": "string" }\n}\n',
    at: '"fields"',
    fixed: { moveTo: 'config/models/Tag.json' },
  },
  {
    name: 'settings "defaultRole": "memebr"',
    file: SETTINGS,
    from: '{ "orm": "prisma" }',
    to: '{ "orm": "prisma", "accounts": { "roles": ["member", "admin"], "defaultRole": "memebr" } }',
    at: '"memebr"',
  },
  {
    name: 'settings "roleField" a field the users have',
    file: SETTINGS,
    from: '{ "orm": "prisma" }',
    to: '{ "orm": "prisma", "accounts": { "roles": ["member", "admin"], "roleField": "bio" } }',
    at: '"bio"',
    fixed: { from: '"roleField": "bio"', to: '"roleField": "role"' },
  },
  {
    name: 'voter "owner:authorId|role:admin" without roles',
    file: POSTS,
    from: '"auth": true, "voter": "owner:authorId"',
    to: '"auth": true, "voter": "owner:authorId|role:admin"',
    at: '"owner:authorId|role:admin"',
    fixed: {
      file: SETTINGS,
      from: '{ "orm": "prisma" }',
      to: '{ "orm": "prisma", "accounts": { "roles": ["member", "admin"] } }',
    },
  },
  { name: 'settings "orm": "prism"', file: SETTINGS, from: '"prisma"', to: '"prism"' },
  { name: 'settings key "ormm"', file: SETTINGS, from: '"orm"', to: '"ormm"' },
];

export const MISTAKES: Mistake[] = [...MODELS, ...ROUTES, ...VIEWS, ...FILES];

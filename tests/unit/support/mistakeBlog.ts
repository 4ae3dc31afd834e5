import type { ProjectFiles } from './tempProject';

/**
 * The blog a newcomer builds (issue 55): users, posts by an author with an owner-only PATCH and
 * DELETE, comments under posts, a list of posts showing each one's author, a post's page and a
 * form to write one. Written as text, as a person writes it, so a mistake has a line and column.
 */
export const MISTAKE_BLOG: ProjectFiles = {
  'appgen.config.json': `{ "orm": "prisma" }
`,
  'config/models/User.json': `{
  "name": "User",
  "fields": {
    "name": "string",
    "email": { "type": "string", "unique": true },
    "bio": { "type": "text", "optional": true }
  },
  "relations": { "posts": { "type": "hasMany", "model": "Post" } }
}
`,
  'config/models/Post.json': `{
  "name": "Post",
  "fields": {
    "authorId": "uuid",
    "title": "string",
    "body": "text",
    "status": { "type": "enum", "values": ["draft", "published"], "default": "draft" },
    "views": { "type": "int", "default": 0 },
    "createdAt": "date_now"
  },
  "relations": {
    "author": { "type": "belongsTo", "model": "User", "onDelete": "cascade" },
    "comments": { "type": "hasMany", "model": "Comment" }
  },
  "indexes": [["status"], ["createdAt"], ["views"]]
}
`,
  'config/models/Comment.json': `{
  "name": "Comment",
  "fields": { "postId": "uuid", "author": "string", "content": "text", "createdAt": "date_now" },
  "relations": { "post": { "type": "belongsTo", "model": "Post", "onDelete": "cascade" } }
}
`,
  'config/routes/users.json': `{
  "routes": [
    { "method": "GET", "path": "/api/users/:id", "params": { "id": "uuid" }, "response": "User" },
    {
      "method": "POST",
      "path": "/api/users",
      "body": {
        "name": { "type": "string", "required": true },
        "email": { "type": "string", "required": true, "validation": ["isEmail"] }
      },
      "response": "User"
    }
  ]
}
`,
  'config/routes/posts.json': `{
  "routes": [
    {
      "method": "GET",
      "path": "/api/posts",
      "response": "Post[]",
      "include": ["author"],
      "query": { "filter": ["status"], "sort": ["createdAt", "views"], "pageSize": 20 }
    },
    { "method": "GET", "path": "/api/posts/:id", "params": { "id": "uuid" }, "response": "Post" },
    {
      "method": "POST",
      "path": "/api/posts",
      "body": {
        "authorId": { "type": "uuid", "required": true },
        "title": { "type": "string", "required": true, "validation": ["notEmpty", "maxLength:200"] },
        "body": { "type": "text", "required": true }
      },
      "response": "Post"
    },
    {
      "method": "PATCH",
      "path": "/api/posts/:id",
      "params": { "id": "uuid" },
      "body": { "title": "string", "status": "enum" },
      "response": "Post",
      "auth": true,
      "voter": "owner:authorId"
    },
    { "method": "DELETE", "path": "/api/posts/:id", "params": { "id": "uuid" }, "auth": true, "voter": "owner:authorId" }
  ]
}
`,
  'config/routes/comments.json': `{
  "routes": [
    {
      "method": "GET",
      "path": "/api/posts/:postId/comments",
      "params": { "postId": "uuid" },
      "response": "Comment[]"
    },
    {
      "method": "POST",
      "path": "/api/posts/:postId/comments",
      "params": { "postId": "uuid" },
      "body": {
        "author": { "type": "string", "required": true, "validation": ["notEmpty"] },
        "content": { "type": "text", "required": true, "validation": ["notEmpty", "maxLength:2000"] }
      },
      "response": "Comment"
    }
  ]
}
`,
  'config/views/posts.json': `{
  "name": "PostsPage",
  "path": "/posts",
  "title": "Posts",
  "root": {
    "type": "list",
    "route": "GET /api/posts",
    "columns": ["title", "author.name", { "field": "createdAt", "label": "Written" }],
    "link": "/posts/:id"
  }
}
`,
  'config/views/post.json': `{
  "name": "PostPage",
  "path": "/posts/:id",
  "root": {
    "type": "section",
    "children": [
      { "type": "detail", "route": "GET /api/posts/:id", "heading": "title", "columns": ["body", "createdAt"] },
      { "type": "list", "route": "GET /api/posts/:postId/comments", "params": { "postId": "id" }, "columns": ["author", "content"] },
      {
        "type": "form",
        "route": "POST /api/posts/:postId/comments",
        "params": { "postId": "id" },
        "fields": [
          { "type": "input", "id": "author", "label": "Your name" },
          { "type": "textarea", "id": "content", "label": "Comment" },
          { "type": "button", "label": "Add comment" }
        ]
      }
    ]
  }
}
`,
  'config/views/newPost.json': `{
  "name": "NewPostPage",
  "path": "/posts/new",
  "root": {
    "type": "form",
    "route": "POST /api/posts",
    "success": "/posts/:id",
    "fields": [
      { "type": "input", "id": "authorId", "label": "Author" },
      { "type": "input", "id": "title", "label": "Title", "required": true },
      { "type": "textarea", "id": "body", "label": "Text", "rows": 8 },
      { "type": "button", "label": "Publish" }
    ]
  }
}
`,
};

import fs from 'fs';
import os from 'os';
import path from 'path';
import { FolderListing } from '../../../src/write/walkFiles';

/** A project tree: src/app/page.tsx, src/app/api (empty), a link src/linked.ts, node_modules/x.js. */
function tree(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'appgen-listing-'));
  fs.mkdirSync(path.join(root, 'src/app/api'), { recursive: true });
  fs.writeFileSync(path.join(root, 'src/app/page.tsx'), 'x');
  fs.symlinkSync(path.join(root, 'src/app/page.tsx'), path.join(root, 'src/linked.ts'));
  fs.mkdirSync(path.join(root, 'src/node_modules'));
  fs.writeFileSync(path.join(root, 'src/node_modules/x.js'), 'x');
  fs.writeFileSync(path.join(root, 'README.md'), 'x');
  return root;
}

describe('FolderListing.isMissing (planWrite reads no planned file a walk showed missing)', () => {
  it('knows a path is missing only below a folder a walk read', () => {
    const listing = new FolderListing(tree());
    // Nothing walked yet: nothing is known.
    expect(listing.isMissing('src/app/new.ts')).toBe(false);
    listing.files('src', { recursive: true });
    listing.files('prisma', { recursive: true }); // does not exist
    expect(listing.isMissing('src/app/page.tsx')).toBe(false);
    expect(listing.isMissing('src/app/new.ts')).toBe(true);
    // Folders that do not exist yet, at any depth.
    expect(listing.isMissing('src/app/api/posts/[id]/route.ts')).toBe(true);
    expect(listing.isMissing('prisma/schema.prisma')).toBe(true);
    // A link is an entry (read as before, never taken for missing).
    expect(listing.isMissing('src/linked.ts')).toBe(false);
    // A folder the walk skips is not known.
    expect(listing.isMissing('src/node_modules/y.js')).toBe(false);
    // The root was not read: its files are not known.
    expect(listing.isMissing('README.md')).toBe(false);
    expect(listing.isMissing('.env.example')).toBe(false);
    listing.files('.', { recursive: false });
    expect(listing.isMissing('README.md')).toBe(false);
    expect(listing.isMissing('.env.example')).toBe(true);
    // Beside the walked files.
    expect(listing.isMissing('src/other.ts')).toBe(true);
  });
});

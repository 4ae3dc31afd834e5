// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = { title: "Not found" };

/**
 * What Next.js shows for an address no page has, and where a page finds no record (a view of a
 * record that does not exist calls notFound()), in the app's own look (src/app/globals.css).
 */
export default function NotFound() {
  return (
    <main className="appgen-page">
      <h1>Not found</h1>
      <p>There is nothing at this address: it may have been removed, or the link may be wrong.</p>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </main>
  );
}

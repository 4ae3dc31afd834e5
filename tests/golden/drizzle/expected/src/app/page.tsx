// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.
import type { Metadata } from "next";
import { AppHome, APP_NAME } from "@/appgen/home";

export const metadata: Metadata = { title: APP_NAME };

/**
 * The page at `/`. The default shows appgen's home page (src/appgen/home.tsx, kept up to date by
 * appgen): the app's pages, its API documentation and where to change them. Replace it with your
 * own, or delete this file and add a view with `"path": "/"` to config/views/.
 */
export default function HomePage() {
  return <AppHome />;
}

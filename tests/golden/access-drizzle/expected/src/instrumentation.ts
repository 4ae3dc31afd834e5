// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.

/**
 * Next.js calls register() once when a server starts, before it serves a request. The default
 * calls appgen's startServer (src/appgen/startup.ts, kept up to date by appgen): its start-up
 * checks stop a production server whose configuration cannot work (no usable
 * APPGEN_SESSION_SECRET for sign-up or log-in) with what to fix, instead of failing requests
 * after they wrote; and when the project has events, it starts the worker that runs them. Add
 * your own set-up here (e.g. OpenTelemetry) and keep the call.
 */
export async function register(): Promise<void> {
  // The checks and the worker need Node's environment: the Node.js runtime only.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("@/appgen/startup");
  await startServer();
}

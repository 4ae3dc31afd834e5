// Scaffolded once by appgen; yours to edit: appgen never overwrites this file.

/**
 * Next.js calls register() once when a server starts, before it serves a request. The default
 * runs appgen's start-up checks (src/appgen/startup.ts, kept up to date by appgen): a production
 * server whose configuration cannot work (no usable APPGEN_SESSION_SECRET for sign-up or log-in)
 * exits with what to fix instead of failing requests after they wrote. Add your own set-up here
 * (e.g. OpenTelemetry) and keep the call.
 */
export async function register(): Promise<void> {
  // The checks read Node's environment and may stop the process: the Node.js runtime only.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { runStartupChecks } = await import("@/appgen/startup");
  await runStartupChecks();
}

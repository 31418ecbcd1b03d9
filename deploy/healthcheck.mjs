// The container's HEALTHCHECK: exit 0 when this server answers GET /healthz with 200, else 1
// (503 while the database is unreachable or the process is draining after SIGTERM).
const port = process.env.PORT || 2567;
try {
  const res = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}

// The images' HEALTHCHECK (deploy/docker/node.Containerfile): the process's liveness endpoint —
// the gateway's GET /api/health/live on GATEWAY_PORT, a service's GET /live on HEALTH_PORT.
// Exits 0 on a 200, 1 otherwise. Kubernetes probes the same endpoints itself (deploy/k8s).
const { APP, GATEWAY_PORT = '3000', HEALTH_PORT } = process.env;
const url = APP === 'apps/gateway' ? `http://127.0.0.1:${GATEWAY_PORT}/api/health/live` : `http://127.0.0.1:${HEALTH_PORT}/live`;
try {
  const reply = await fetch(url, { signal: AbortSignal.timeout(2500) });
  process.exit(reply.status === 200 ? 0 : 1);
} catch {
  process.exit(1);
}

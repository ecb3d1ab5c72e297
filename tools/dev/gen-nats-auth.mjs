// Writes deploy/k8s/nats-auth.conf, the NATS authorization of the Kubernetes deployment,
// from the identity list of nats-config.mjs. A unit test fails when the committed file is stale.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { kubernetesAuthorization } from './nats-config.mjs';
import { SERVICES } from './start.mjs';

export const K8S_AUTH_FILE = fileURLToPath(new URL('../../deploy/k8s/nats-auth.conf', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(K8S_AUTH_FILE, kubernetesAuthorization(SERVICES.map((s) => s.service)));
  console.log('wrote deploy/k8s/nats-auth.conf');
}

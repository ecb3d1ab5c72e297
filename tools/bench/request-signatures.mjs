// `npm run bench:signatures`: what authenticating one NATS request costs, signed in the gateway and
// verified in the service, with the gateway's Ed25519 signature of before (ADR 9: a SHA-256 digest of
// the bytes, signed with the private key, verified with the public one) and with the per-service
// HMAC-SHA256 key of now (ADR 60, libs/server/core/src/gateway-signature.ts, built by `npm run build`),
// on a create request of ≈ 400 bytes as the gateway sends it. CPU time of this process
// (process.cpuUsage: user + system, what /proc counts) per request, the best of several rounds.
import { createHash, generateKeyPairSync, randomBytes, randomUUID, sign, verify } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const BUILT = fileURLToPath(new URL('../../libs/server/core/dist/gateway-signature.js', import.meta.url));
if (!existsSync(BUILT)) throw new Error(`${BUILT} is missing: run npm run build first`);
const { parseRequestKey, signRequest, signatureProblem } = await import(pathToFileURL(BUILT).href);

const ROUNDS = 5;
const subject = 'directory.user.add';
const packet = Buffer.from(
  JSON.stringify({
    pattern: subject,
    data: {
      actor: { id: randomUUID(), username: 'head.office', role: 'Head' },
      body: {
        username: 'new.employee',
        password: 'Str0ng-enough-passw0rd',
        email: 'new.employee@freight.example.com',
        role: 'Employee',
        name: 'New Employee',
        branchId: randomUUID(),
        phone: '+92 21 3555 0100',
      },
    },
    id: randomUUID(),
  }),
);

/** ADR 9's scheme, as libs/server/core/src/gateway-signature.ts had it. */
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const ed25519SignedBytes = (expiresAt) => Buffer.from(`${subject}\n${expiresAt}\n${createHash('sha256').update(packet).digest('base64url')}`);
const ed25519 = {
  sign: () => {
    const expiresAt = Date.now() + 30_000;
    return `${expiresAt}.${sign(null, ed25519SignedBytes(expiresAt), privateKey).toString('base64url')}`;
  },
  verify: (header) => {
    const [expiresAt, signature] = header.split('.');
    if (!verify(null, ed25519SignedBytes(Number(expiresAt)), publicKey, Buffer.from(signature, 'base64url'))) throw new Error('Ed25519: not verified');
  },
};

const key = parseRequestKey(randomBytes(32).toString('base64'));
const hmac = {
  sign: () => signRequest(key, subject, packet),
  verify: (header) => {
    const problem = signatureProblem(key, subject, packet, header);
    if (problem) throw new Error(`HMAC: ${problem}`);
  },
};

/** CPU µs per call of `work`, the best of ROUNDS rounds of `calls` (after one round of warm-up). */
function microseconds(work, calls) {
  let best = Infinity;
  for (let round = 0; round <= ROUNDS; round++) {
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++) work();
    const used = process.cpuUsage(before);
    if (round > 0) best = Math.min(best, (used.user + used.system) / calls);
  }
  return best;
}

function measure(name, scheme, calls) {
  const header = scheme.sign();
  scheme.verify(header);
  const signUs = microseconds(scheme.sign, calls);
  const verifyUs = microseconds(() => scheme.verify(header), calls);
  return { name, header: header.length, signUs, verifyUs };
}

const rows = [measure('Ed25519 (ADR 9)', ed25519, 2_000), measure('HMAC-SHA256, per-service key (ADR 60)', hmac, 50_000)];
const fixed = (n) => n.toFixed(1).padStart(7);
console.log(`One request of ${packet.length} bytes on ${subject}, CPU µs of this process per request (best of ${ROUNDS} rounds), Node ${process.version}`);
console.log(`${'scheme'.padEnd(40)} ${'sign'.padStart(7)} ${'verify'.padStart(7)} ${'both'.padStart(7)}  header bytes`);
for (const { name, header, signUs, verifyUs } of rows) {
  console.log(`${name.padEnd(40)} ${fixed(signUs)} ${fixed(verifyUs)} ${fixed(signUs + verifyUs)}  ${header}`);
}
const [before, after] = rows;
console.log(`sign + verify: ${((before.signUs + before.verifyUs) / (after.signUs + after.verifyUs)).toFixed(0)}× less CPU per request`);

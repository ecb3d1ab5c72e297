// The cluster drills of `npm run chaos` (issue 22, docs/adr/0051-drain-and-probes.md): `--rolling` restarts
// every process one at a time as a deployment would (SIGTERM, wait for its exit, start it, wait until
// it is ready: each replica of each service, each gateway, each NATS node); `--lost-node` SIGKILLs one
// NATS node and one replica of each service (the supervisor starts them again). Both against
// `startSystem({ replicas: 2, natsNodes: 3, isolated })` under load through the edge: booking sheet
// reads, job creations and credits each with an Idempotency-Key (retried with it after 5xx or no
// answer), live streams that reconnect as the browser does (after the server's retry hint, reloading
// their lists), and public BL calls from many client addresses (each from a loopback address of its
// own, which the edge puts in X-Forwarded-For). Then the books: every acknowledged job and credit kept once, every job's event
// delivered (the accounts service's copy of the jobs), no change missed by a live stream.
import { randomUUID } from 'node:crypto';
import { get as httpGet } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { IDEMPOTENCY_KEY_HEADER } from '@freight/contracts';
import { canConnect, waitFor } from '../dev/net.mjs';
import { SERVICES } from '../dev/services.mjs';

const say = (line) => process.stdout.write(`[chaos] ${line}\n`);
const REQUEST_TIMEOUT_MS = 15_000;
const RETRY = { attempts: 8, firstDelayMs: 250, maxDelayMs: 2000 };
const WORKERS = { reads: 3, jobs: 3, credits: 2, bl: 2, live: 3 };
const CONSIGNEE = { username: 'chaosacme', consigneeName: 'Consignee chaosacme' };

/** The value of an SSE stream's `retry:` and `id:`, events and ready marks as they arrive. */
function parseSse(buffer, onEvent) {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop();
  for (const block of blocks) {
    let event = 'message';
    let data = '';
    let retry;
    let id;
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data += line.slice(6);
      else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
    }
    onEvent({ event, data, retry, id });
  }
  return rest;
}

/**
 * Seeds what the load names (a consignee, the job's master data),
 * through the API as the Head; answers the tokens and ids the load needs.
 */
async function seed(base, headLogin) {
  const call = async (method, path, token, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const reply = await res.json().catch(() => ({}));
    if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(reply)}`);
    return reply;
  };
  const head = await call('POST', '/api/users/login', undefined, { username: headLogin.username, password: headLogin.password });
  const token = head.token;
  await call('POST', '/api/consignees/add', token, {
    consigneeName: CONSIGNEE.consigneeName,
    username: CONSIGNEE.username,
    email: 'chaos@consignee.example',
    password: 'chaosacme-lagoon-teacup',
    handlingPersonName: 'Nimal',
  });
  await call('POST', '/api/origins/add', token, { OriginPortName: 'Shanghai', OriginPortLocation: 'China' });
  await call('POST', '/api/ShipmentType/add', token, { TypeofShipment: 'FCL' });
  await call('POST', '/api/ShipmentTerm/add', token, { TermofShipment: 'FOB' });
  // A BL number no job has: the public search answers 404 (its limiter and its path are what the load exercises).
  const blNo = `CHAOSBL${Date.now()}`;
  // The copies of the directory (in the shipment and accounts services) follow its events: until a job and a credit are accepted.
  await waitFor(
    async () => {
      try {
        await call('POST', '/api/shipments/adminadd', token, jobBody(headLogin.username, 'seed'));
        return true;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 500, what: 'the shipment service to know the seeded names' },
  );
  await waitFor(
    async () => {
      try {
        await call('POST', '/api/credits/add', token, creditBody('seed'));
        return true;
      } catch {
        return false;
      }
    },
    { timeoutMs: 60_000, intervalMs: 500, what: 'the accounts service to know the seeded consignee' },
  );
  return { token, headId: head.user_id, blNo };
}

const jobBody = (userName, remarks, extra = {}) => ({
  consigneeName: CONSIGNEE.consigneeName,
  originPort: 'Shanghai',
  typeOfShipment: 'FCL',
  termOfShipment: 'FOB',
  ShipmentStatus: 'Inquiry For Charges',
  date: '2026-11-20',
  remarks,
  userName,
  branchCity: 'Colombo',
  ...extra,
});
const creditBody = (remarks) => ({ consigneeName: CONSIGNEE.consigneeName, paymentType: 'Cash', amount: '1.00', remarks });

/**
 * Load through the edge until `stop()`: answers the counts and what the books check needs.
 * @param {{ base: string, token: string, headId: string, headUsername: string, blNo: string, tag: string }} options
 */
function startLoad({ base, token, headId, headUsername, blNo, tag }) {
  const stats = { requests: 0, failed: 0, statuses: {}, retried: 0, gaveUp: 0 };
  const jobs = new Map(); // remarks → { ackedAt, jobNo }
  const credits = new Set(); // remarks acknowledged
  const lives = [];
  /** The requests go on while `writing`, the live streams while `running`. */
  let writing = true;
  let running = true;
  const authorization = `Bearer ${token}`;

  /** One request of the load, as the Head. */
  async function send(path, { method = 'GET', body, headers = {} } = {}) {
    stats.requests++;
    let status;
    let reply;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization, ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      reply = await res.json().catch(() => undefined);
    } catch {
      status = 0;
    }
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (status === 0 || status >= 500) stats.failed++;
    return { status, reply };
  }

  /**
   * A public call from an address of its own: the edge sets X-Forwarded-For from the connection,
   * whatever the client sent, so each comes from another loopback address (127.x.y.z), as the
   * public's calls come from many (the per-address limit counts each).
   */
  async function publicCall(path) {
    stats.requests++;
    const localAddress = `127.${1 + Math.floor(Math.random() * 254)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
    const status = await new Promise((resolve) => {
      const req = httpGet(`${base}${path}`, { localAddress, timeout: REQUEST_TIMEOUT_MS }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', () => resolve(0));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve(0));
    });
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (status === 0 || status >= 500) stats.failed++;
  }

  /** A write with its own key, retried with it after 5xx or no answer; answers the 2xx reply or undefined. */
  async function keyed(path, body) {
    const key = randomUUID();
    let delay = RETRY.firstDelayMs;
    for (let tries = 1; tries <= RETRY.attempts; tries++) {
      if (tries > 1) stats.retried++;
      const { status, reply } = await send(path, { method: 'POST', body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });
      if (status >= 200 && status < 300) return reply;
      if (status >= 400 && status < 500) break;
      await sleep(delay);
      delay = Math.min(2 * delay, RETRY.maxDelayMs);
    }
    stats.gaveUp++;
    return undefined;
  }

  let n = 0;
  const loops = [
    ...Array.from({ length: WORKERS.reads }, async () => {
      while (writing) await send(`/api/shipments/allbooklist/${headId}?page=1&pageSize=50`);
    }),
    ...Array.from({ length: WORKERS.jobs }, async () => {
      while (writing) {
        const remarks = `chaos ${tag} job ${n++}`;
        const reply = await keyed('/api/shipments/adminadd', jobBody(headUsername, remarks));
        if (reply) jobs.set(remarks, { ackedAt: Date.now(), jobNo: reply.shipment?.jobNo });
      }
    }),
    ...Array.from({ length: WORKERS.credits }, async () => {
      while (writing) {
        const remarks = `chaos ${tag} credit ${n++}`;
        if (await keyed('/api/credits/add', creditBody(remarks))) credits.add(remarks);
      }
    }),
    ...Array.from({ length: WORKERS.bl }, async () => {
      while (writing) await publicCall(`/api/shipments/searchbl/${blNo}`);
    }),
    ...Array.from({ length: WORKERS.live }, () => liveClient()),
  ];

  /**
   * A booking sheet that listens as useLiveJobs does: reconnects after the retry hint (else 1 s)
   * with the last event's id as Last-Event-ID, and reloads when the gateway could not resume.
   */
  async function liveClient() {
    const live = { events: new Set(), reloads: [], breaks: [], connected: false };
    lives.push(live);
    const controller = new AbortController();
    let endedAt;
    let opened = false;
    let lastEventId;
    while (running) {
      let retryMs = 1000;
      try {
        const headers = { authorization, accept: 'text/event-stream', ...(lastEventId !== undefined && { 'last-event-id': lastEventId }) };
        const res = await fetch(`${base}/api/shipments/live`, { headers, signal: controller.signal });
        if (res.status === 200) {
          const decoder = new TextDecoder();
          let buffer = '';
          const stopper = setInterval(() => !running && controller.abort(), 200);
          try {
            for await (const chunk of res.body) {
              buffer = parseSse(buffer + decoder.decode(chunk, { stream: true }), ({ event, data, retry, id }) => {
                if (retry !== undefined) retryMs = retry;
                if (id !== undefined) lastEventId = id;
                if (event === 'ready') {
                  // A reconnect the gateway could not resume reloads: the list as it is now covers every change before it.
                  if (opened && JSON.parse(data).resumed !== true) live.reloads.push(Date.now());
                  if (endedAt !== undefined) live.breaks.push(Date.now() - endedAt);
                  opened = true;
                } else if (event === 'job') live.events.add(JSON.parse(data).jobNo);
              });
            }
          } finally {
            clearInterval(stopper);
          }
        } else await res.body?.cancel();
      } catch {
        // the connection dropped or we stopped
      }
      endedAt = Date.now();
      if (running) await sleep(retryMs);
    }
  }

  return {
    stats,
    jobs,
    credits,
    lives,
    /** The requests stop; the live streams listen on for `settleMs` (the events of the last writes are on their way), then stop too. */
    async stop(settleMs = 5000) {
      writing = false;
      await Promise.all(loops.slice(0, loops.length - WORKERS.live));
      await sleep(settleMs);
      running = false;
      await Promise.all(loops);
    },
  };
}

/** Waits until a service process answers ready on its probe port. */
const probeReady = (url) => async () => {
  try {
    const res = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return res.status === 200;
  } catch {
    return false;
  }
};

/** The deployment: every process restarted one at a time, each waited for until ready. Answers what each exited with. */
async function rollingRestart(system) {
  const { children, probeUrls, gatewayUrls, natsUrls } = system;
  const exits = [];
  const restart = async (name, ready, signal) => {
    const started = Date.now();
    const code = await children.hold(name, 60_000, signal);
    children.resume(name);
    await waitFor(ready, { timeoutMs: 120_000, intervalMs: 200, what: `${name} to be ready again` });
    exits.push({ name, code, seconds: (Date.now() - started) / 1000 });
    say(`  ${name}: exited ${code}, ready again after ${((Date.now() - started) / 1000).toFixed(1)} s`);
  };
  for (const [i, url] of natsUrls.entries()) {
    const { hostname, port } = new URL(url.replace(/^nats:/, 'http:'));
    // In lame duck mode, as a deployment stops a NATS node (the chart's preStop): its clients move over a few at a time.
    await restart(`nats-${i + 1}`, async () => canConnect(hostname, Number(port)), 'SIGUSR2');
    // JetStream catches the node up (its streams' replicas) before the next one goes.
    await sleep(3000);
  }
  for (const { name } of SERVICES) {
    for (const child of Object.keys(probeUrls).filter((c) => c.startsWith(`${name}-`))) await restart(child, probeReady(probeUrls[child]));
  }
  for (const [i, url] of gatewayUrls.entries()) await restart(`gateway-${i + 1}`, probeReady(`${url}/api/health`));
  return exits;
}

/** The lost node: one NATS node and one replica of each service SIGKILLed at once; the supervisor starts them again. */
async function loseNodes(system) {
  const { children, probeUrls } = system;
  const victims = ['nats-2', ...SERVICES.map(({ name }) => `${name}-2`)];
  for (const name of victims) process.kill(children.pid(name), 'SIGKILL');
  say(`  SIGKILLed ${victims.join(', ')}`);
  for (const { name } of SERVICES)
    await waitFor(probeReady(probeUrls[`${name}-2`]), { timeoutMs: 120_000, intervalMs: 200, what: `${name}-2 to be ready again` });
  return victims.map((name) => ({ name, code: 'SIGKILL' }));
}

/** The books after a drill: what was acknowledged and kept, written twice, delivered, seen live. */
async function check(system, load, tag, actedAt) {
  const db = new pg.Pool({ connectionString: system.env.DATABASE_URL, max: 2 });
  try {
    // The consumers catch up (the live streams listened on as long: Load.stop).
    const { rows: jobRows } = await db.query(`SELECT remarks, job_no, count(*) OVER (PARTITION BY remarks)::int AS n FROM shipment.job WHERE remarks LIKE $1`, [
      `chaos ${tag} job %`,
    ]);
    const { rows: creditRows } = await db.query(`SELECT remarks, count(*)::int AS n FROM accounts.credit WHERE remarks LIKE $1 GROUP BY remarks`, [
      `chaos ${tag} credit %`,
    ]);
    const jobsSaved = new Map(jobRows.map((r) => [r.remarks, r]));
    const creditsSaved = new Map(creditRows.map((r) => [r.remarks, r.n]));
    const lostJobs = [...load.jobs.keys()].filter((remarks) => !jobsSaved.has(remarks)).length;
    const lostCredits = [...load.credits].filter((remarks) => !creditsSaved.has(remarks)).length;
    const doubled = jobRows.filter((r) => r.n > 1).length + creditRows.filter((r) => r.n > 1).length;
    // Every job's event delivered: the accounts service keeps a copy of each job from the shipment service's events.
    const jobNos = jobRows.map((r) => r.job_no);
    const { rows: copied } = await db.query(`SELECT job_no FROM accounts.job WHERE job_no = ANY($1)`, [jobNos]);
    const copiedSet = new Set(copied.map((r) => r.job_no));
    const eventsLost = jobNos.filter((jobNo) => !copiedSet.has(jobNo)).length;
    const { rows: unsent } = await db.query(
      `SELECT (SELECT count(*) FROM shipment.outbox WHERE sent_at IS NULL) + (SELECT count(*) FROM accounts.outbox WHERE sent_at IS NULL)::int AS n`,
    );
    // A live stream missed a change when it neither heard the job's event nor reloaded after the job was acknowledged.
    const missed = load.lives.map(
      (live) => [...load.jobs.values()].filter(({ ackedAt, jobNo }) => !live.events.has(jobNo) && !live.reloads.some((at) => at >= ackedAt)).length,
    );
    // Which changes went unseen, and by how many streams, against when the drill acted: what to look into.
    const unseen = [...load.jobs.values()]
      .map(({ ackedAt, jobNo }) => ({
        jobNo,
        ackedAt,
        streams: load.lives.filter((live) => !live.events.has(jobNo) && !live.reloads.some((at) => at >= ackedAt)).length,
      }))
      .filter(({ streams }) => streams > 0)
      .map(
        ({ jobNo, ackedAt, streams }) =>
          `job ${jobNo} (acknowledged ${((ackedAt - actedAt) / 1000).toFixed(1)} s after the drill acted, unseen by ${streams} of ${load.lives.length} streams)`,
      );
    const breaks = load.lives.flatMap((live) => live.breaks);
    return {
      liveUnseen: unseen,
      lost: lostJobs + lostCredits,
      doubled,
      eventsLost,
      unsent: Number(unsent[0].n),
      liveMissed: missed.reduce((a, b) => a + b, 0),
      liveReconnects: breaks.length,
      // Reconnects the gateway could not resume from Last-Event-ID (the stream reloaded instead).
      liveReloads: load.lives.reduce((n, live) => n + live.reloads.length, 0),
      liveLongestBreakMs: breaks.length ? Math.max(...breaks) : 0,
      acked: load.jobs.size + load.credits.size,
    };
  } finally {
    await db.end();
  }
}

/**
 * Runs the drills named (`rolling`, `lostNode`) against one cluster system, each under `seconds` of
 * load with the change at a quarter of it (the rolling restart takes as long as it takes: the load
 * goes on until it is done and `seconds` have passed). Answers the table's rows.
 */
export async function clusterDrills(system, { rolling, lostNode, seconds }) {
  const { token, headId, blNo } = await seed(system.url, system.headLogin);
  const drills = [
    ...(rolling ? [{ name: 'rolling deploy (every process, one at a time)', tag: 'R', act: rollingRestart }] : []),
    ...(lostNode ? [{ name: 'lost node (SIGKILL nats-2 and a replica of each service)', tag: 'L', act: loseNodes }] : []),
  ];
  const rows = [];
  for (const drill of drills) {
    say(`${drill.name}: load through the edge for ${seconds} s at least…`);
    const started = Date.now();
    const tag = `${drill.tag}${Date.now().toString(36)}`;
    const load = startLoad({ base: system.url, token, headId, headUsername: system.headLogin.username, blNo, tag });
    await sleep((seconds * 1000) / 4);
    const actedAt = Date.now();
    const exits = await drill.act(system);
    const left = started + seconds * 1000 - Date.now();
    if (left > 0) await sleep(left);
    await load.stop();
    const books = await check(system, load, tag, actedAt);
    rows.push({ drill: drill.name, seconds: (Date.now() - started) / 1000, ...load.stats, ...books, exits });
    say(
      `  requests ${load.stats.requests}, failed ${load.stats.failed}, lost ${books.lost}, doubled ${books.doubled}, events lost ${books.eventsLost}, live missed ${books.liveMissed}`,
    );
  }
  return rows;
}

/** The drills' table, in Markdown. */
export function clusterTable(rows) {
  return [
    '| Drill | Seconds | Requests | Failed | Retried (with key) | Gave up | Acknowledged writes | Acknowledged but lost | Doubled | Events lost | Unsent in outboxes | Live reconnects | Of them reloaded | Live-stream gap: changes missed | Longest live break (ms) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.drill} | ${r.seconds.toFixed(0)} | ${r.requests} | ${r.failed} | ${r.retried} | ${r.gaveUp} | ${r.acked} | ${r.lost} | ${r.doubled} | ${r.eventsLost} | ${r.unsent} | ${r.liveReconnects} | ${r.liveReloads} | ${r.liveMissed} | ${r.liveLongestBreakMs} |`,
    ),
    '',
    ...rows.map(
      (r) =>
        `- ${r.drill}: statuses ${Object.entries(r.statuses)
          .map(([status, n]) => `${status === '0' ? 'no answer' : status} ×${n}`)
          .join(
            ', ',
          )}; processes: ${r.exits.map((e) => `${e.name} ${e.code}`).join(', ')}${r.liveUnseen.length ? `; changes a live stream missed: ${r.liveUnseen.join(', ')}` : ''}`,
    ),
  ].join('\n');
}

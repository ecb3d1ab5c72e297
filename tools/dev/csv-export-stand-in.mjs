// For the edge specs: a stand-in for the gateway's CSV export, to see whether an edge passes
// back-pressure from the client on to the gateway (ADR 22).
import { request } from 'node:http';
import { waitFor } from './net.mjs';

const ROWS = Buffer.from('"Colombo","Head Office, Colombo 01","+94 11 234 5678"\r\n'.repeat(1000));

/**
 * Answers a request as apps/gateway/src/export/csv-exporter.ts does: `text/csv` with
 * X-Accel-Buffering: no, about `bytes` of rows, each write waiting until the socket drained the
 * last. `written` counts what it has written so far.
 */
export function csvExportStandIn(bytes = 55_000_000) {
  const standIn = {
    bytes: ROWS.length * Math.ceil(bytes / ROWS.length),
    written: 0,
    serve(res) {
      res.writeHead(200, { 'content-type': 'text/csv; charset=utf-8', 'x-accel-buffering': 'no' });
      const more = () => {
        while (standIn.written < standIn.bytes) {
          standIn.written += ROWS.length;
          if (!res.write(ROWS)) return void res.once('drain', more);
        }
        res.end();
      };
      more();
    },
  };
  return standIn;
}

/**
 * Downloads `url` from the stand-in through an edge, first without reading until the stand-in
 * stops writing (an edge that buffers takes the whole file meanwhile), then to the end. Answers
 * what the stand-in had written by then, and the status and bytes the client received.
 */
export async function downloadPausedFirst(url, standIn) {
  const res = await new Promise((resolve, reject) => request(url, resolve).on('error', reject).end());
  res.pause();
  let last = -1;
  const stalled = async () => [standIn.written === last, (last = standIn.written)][0];
  await waitFor(stalled, { timeoutMs: 20_000, intervalMs: 500, what: 'the export to wait for the client' });
  const writtenWhilePaused = standIn.written;
  let received = 0;
  res.on('data', (chunk) => (received += chunk.length));
  await new Promise((resolve) => (res.on('end', resolve), res.resume()));
  return { writtenWhilePaused, status: res.statusCode, received };
}

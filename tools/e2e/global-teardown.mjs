/** Stops what global-setup started and drops its database, roles and NATS streams. */
export default async function globalTeardown() {
  await globalThis.__FREIGHT_SYSTEM__?.stop();
}

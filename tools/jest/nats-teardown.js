/** Stops the nats-server of nats-setup.js and removes its folder. */
export default async function natsTeardown() {
  await globalThis.__FREIGHT_TEST_NATS__?.stop();
}

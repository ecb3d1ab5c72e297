// What the benches' seeds share: timed steps, and a table's indexes and foreign keys set aside
// during a bulk load and made again after it (far faster than kept up row by row).

/** `step(name, work)` runs `work` and says how long it took; `times` holds each step's seconds. */
export function stepTimer(say) {
  const times = {};
  const step = async (name, work) => {
    const started = Date.now();
    await work();
    times[name] = (Date.now() - started) / 1000;
    say(`  ${name}: ${times[name].toFixed(1)} s`);
  };
  return { step, times };
}

/**
 * Drops every index of `schema`'s `tables` but their constraints', and their foreign keys.
 * Answers how many of each, and `restore(clients)`, which makes them again, the indexes shared
 * among the connections (the trigram (GIN) indexes, the slowest, first), then the foreign keys.
 * @param {import('pg').Client} client @param {string} schema @param {string[]} tables
 */
export async function setIndexesAside(client, schema, tables) {
  const { rows: indexes } = await client.query(
    `SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = $1::text AND tablename = ANY($2)
        AND indexname NOT IN (SELECT conname FROM pg_constraint WHERE connamespace = $1::text::regnamespace)`,
    [schema, tables],
  );
  const { rows: foreignKeys } = await client.query(
    `SELECT t.relname AS "table", k.conname AS name, pg_get_constraintdef(k.oid) AS definition
      FROM pg_constraint k JOIN pg_class t ON t.oid = k.conrelid
      WHERE k.connamespace = $1::text::regnamespace AND k.contype = 'f' AND t.relname = ANY($2)`,
    [schema, tables],
  );
  await client.query(
    [
      ...foreignKeys.map((key) => `ALTER TABLE ${schema}.${key.table} DROP CONSTRAINT ${key.name}`),
      ...indexes.map((index) => `DROP INDEX ${schema}.${index.name}`),
    ].join('; '),
  );
  /** @param {import('pg').Client[]} clients */
  const restore = async (clients) => {
    const ordered = [...indexes].sort((a, b) => Number(/USING gin/.test(b.definition)) - Number(/USING gin/.test(a.definition)));
    let next = 0;
    await Promise.all(
      clients.map(async (c) => {
        while (next < ordered.length) await c.query(ordered[next++].definition);
      }),
    );
    for (const key of foreignKeys) await clients[0].query(`ALTER TABLE ${schema}.${key.table} ADD CONSTRAINT ${key.name} ${key.definition}`);
  };
  return { indexes: indexes.length, foreignKeys: foreignKeys.length, restore };
}

// The shipment bench's data: the names jobs show (the shipment service's copy of the directory's
// records, written straight into it: the directory is not measured) and a million jobs over two
// years, made by Postgres itself (INSERT … SELECT FROM generate_series, 100,000 a statement) with
// the job table's indexes dropped during the load and built again after, then the history of
// their statuses, the counter moved past them, and VACUUM ANALYZE. Every value is a function of
// the row number and a seeded random(), so two runs hold the same data.
import pg from 'pg';
import { setIndexesAside, stepTimer } from './bulk-load.mjs';

const BATCH = 100_000;

const sqlText = (text) => `'${text.replace(/'/g, "''")}'`;
const pick = (values, index) => `(ARRAY[${values.map(sqlText).join(', ')}])[1 + (${index})]`;

const PLACES = ['Ceylon', 'Lanka', 'Colombo', 'Kandy', 'Galle', 'Jaffna', 'Negombo', 'Matara', 'Kurunegala', 'Ratnapura', 'Badulla', 'Trinco'];
const FIRST_WORDS = [
  ...PLACES,
  ...['Anuradha', 'Polonnaru', 'Hambantota', 'Kalutara', 'Gampaha', 'Nuwara', 'Batticaloa', 'Ampara', 'Vavuniya', 'Mannar', 'Puttalam', 'Kegalle'],
  ...['Monaragala', 'Chilaw', 'Horana', 'Panadura', 'Wattala', 'Kelani', 'Island', 'Ocean', 'Harbour', 'Lotus', 'Sapphire', 'Emerald', 'Golden'],
  ...['Silver', 'Royal', 'Global', 'Pacific', 'Asian', 'Southern', 'Eastern', 'Western', 'Northern', 'Central', 'United', 'Premier', 'Prime'],
  ...['Star', 'Sun', 'Lion', 'Peacock', 'Elephant', 'Tea', 'Spice', 'Coconut', 'Cinnamon', 'Pearl'],
];
const SECOND_WORDS = [
  ...['Traders', 'Imports', 'Holdings', 'Enterprises', 'Distributors', 'Agencies', 'Suppliers', 'Merchants', 'Exports', 'Industries'],
  ...['Textiles', 'Foods', 'Motors', 'Electricals', 'Hardware', 'Pharma', 'Apparel', 'Logistics', 'Ventures', 'Group', 'Marketing'],
  ...['Trading', 'Commodities', 'Packaging', 'Plastics', 'Rubber', 'Garments', 'Ceramics', 'Furniture', 'Chemicals', 'Auto Parts'],
  ...['Tiles', 'Steel', 'Paper', 'Beverages', 'Cosmetics', 'Toys', 'Footwear', 'Machinery', 'Solar', 'Builders', 'Fabrics', 'Timber'],
  ...['Glass', 'Lighting', 'Medical', 'Stationery', 'Kitchenware', 'Sports', 'Jewellers'],
];
const SUFFIXES = ['(Pvt) Ltd', 'PLC', '& Co', 'Lanka (Pvt) Ltd', 'International', 'Company'];
const PORTS = [
  ...['Shanghai', 'Ningbo', 'Shenzhen', 'Qingdao', 'Tianjin', 'Xiamen', 'Busan', 'Singapore', 'Port Klang', 'Jebel Ali', 'Chennai'],
  ...['Nhava Sheva', 'Mundra', 'Chittagong', 'Ho Chi Minh City', 'Bangkok', 'Laem Chabang', 'Jakarta', 'Hamburg', 'Rotterdam'],
  ...['Antwerp', 'Felixstowe', 'Los Angeles', 'Hong Kong', 'Kaohsiung'],
];
const FORWARDERS = [
  ...['Expeditors', 'Kuehne Nagel', 'DHL Global Forwarding', 'DB Schenker', 'CEVA Logistics', 'Agility', 'Hellmann', 'Geodis'],
  ...['Nippon Express', 'Yusen Logistics', 'Kerry Logistics', 'Toll Global', 'Damco', 'Sinotrans', 'Rhenus', 'Dachser'],
];
const YARDS = ['Peliyagoda Yard', 'Wattala Yard', 'Orugodawatta Yard', 'Kelaniya Yard', 'Grandpass Yard', 'Ja-Ela Yard', 'Mattakkuliya Yard'];
const LINES = ['MSC', 'Maersk', 'CMA CGM', 'Ever', 'ONE', 'Hapag', 'COSCO', 'OOCL', 'Yang Ming', 'HMM'];
const VESSEL_WORDS = ['Aurora', 'Horizon', 'Pioneer', 'Liberty', 'Triumph', 'Harmony'];
const BL_PREFIXES = ['MEDU', 'MAEU', 'CMDU', 'HLCU', 'ONEY', 'EGLV', 'COSU', 'OOLU'];
const CONTAINER_PREFIXES = ['MSCU', 'MRKU', 'CMAU', 'HLXU', 'ONEU', 'EGHU', 'CSNU', 'OOLU'];
const STAFF_FIRST = ['Nimal', 'Kamal', 'Sunil', 'Amara', 'Dilani', 'Chamari', 'Ruwan', 'Saman', 'Priya', 'Tharindu'];
const STAFF_LAST = ['Perera', 'Silva', 'Fernando', 'Jayasinghe'];

/**
 * Each kind of name a job shows: how many, and each one's name (and username) as SQL of its
 * number `k` (0 …). Its directory id is md5('bench <kind> <k>') as a uuid, so a job can name it
 * without a join.
 */
const KINDS = {
  user: {
    count: STAFF_FIRST.length * STAFF_LAST.length,
    name: (k) => `${pick(STAFF_FIRST, `${k} % ${STAFF_FIRST.length}`)} || ' ' || ${pick(STAFF_LAST, `${k} / ${STAFF_FIRST.length}`)}`,
    username: (k) => `'employee' || lpad((${k} + 1)::text, 2, '0')`,
  },
  branch: { count: 5, name: (k) => `'Bench ' || ${pick(PLACES, k)}` },
  consignee: {
    count: FIRST_WORDS.length * SECOND_WORDS.length,
    name: (k) =>
      `${pick(FIRST_WORDS, `${k} % ${FIRST_WORDS.length}`)} || ' ' || ${pick(SECOND_WORDS, `${k} / ${FIRST_WORDS.length}`)} || ' ' || ${pick(SUFFIXES, `(${k} / ${FIRST_WORDS.length} + ${k}) % ${SUFFIXES.length}`)}`,
    username: (k) => `'consignee' || lpad((${k} + 1)::text, 4, '0')`,
  },
  shipper: {
    count: 400,
    name: (k) => `${pick(PORTS, `${k} % ${PORTS.length}`)} || ' ' || ${pick(SECOND_WORDS, `${k} / ${PORTS.length}`)} || ' Co., Ltd'`,
    username: (k) => `'shipper' || lpad((${k} + 1)::text, 3, '0')`,
  },
  forwarder: { count: FORWARDERS.length, name: (k) => pick(FORWARDERS, k) },
  origin: { count: PORTS.length, name: (k) => pick(PORTS, k) },
  yard: { count: YARDS.length, name: (k) => pick(YARDS, k) },
  shipmentType: { count: 4, name: (k) => pick(['FCL', 'LCL', 'Air Freight', 'Break Bulk'], k) },
  shipmentTerm: { count: 5, name: (k) => pick(['FOB', 'CIF', 'EXW', 'CFR', 'DAP'], k) },
};
const idOf = (kind, k) => `md5('bench ${kind} ' || (${k}))::uuid`;
/** The id and name columns' values of the `kind` record number `k` (SQL). */
const ref = (kind, k) => `${idOf(kind, k)}, ${KINDS[kind].name(k)}`;
/** The same, or two NULLs unless `when`. */
const optionalRef = (kind, k, when) => `CASE WHEN ${when} THEN ${idOf(kind, k)} END, CASE WHEN ${when} THEN ${KINDS[kind].name(k)} END`;

/** The jobs numbered `$1` to `$2` of `total`: two years of dates in number order, ~60 % proceeded (bookings), ~30 % Export. */
const insertJobsSql = (total) => `
  INSERT INTO shipment.job (job_number, job_no, direction, job_date, user_id, user_name, branch_id, branch_city, consignee_id, consignee_name,
    shipper_id, shipper_name, forwarder_id, forwarder_name, origin_id, origin_port, yard_id, yard_name, type_id, type_of_shipment,
    term_id, term_of_shipment, shipment_status, status_of_shipment, cartoons, cbm, weight, bl_no, container_no, vessel_name, booking_no,
    wh_arrival_date, etd, eta, de_stuff, do_issue, job_status, proceed, created_at, created_by, updated_at, updated_by)
  SELECT i, CASE WHEN export THEN 'EXP-' ELSE 'IMP-' END || lpad(i::text, 6, '0'), CASE WHEN export THEN 'Export' ELSE 'Import' END, job_date,
    ${ref('user', 'u')}, ${ref('branch', `u % ${KINDS.branch.count}`)}, ${ref('consignee', 'c')},
    ${optionalRef('shipper', 'floor(r[1] * 400)::int', 'proceed AND r[2] < 0.5')},
    ${optionalRef('forwarder', `floor(r[3] * ${FORWARDERS.length})::int`, 'proceed AND r[4] < 0.3')},
    ${ref('origin', `floor(power(r[5], 1.5) * ${PORTS.length})::int`)},
    ${optionalRef('yard', `floor(r[6] * ${YARDS.length})::int`, 'proceed AND r[7] < 0.4')},
    ${ref('shipmentType', 'floor(r[8] * 4)::int')}, ${ref('shipmentTerm', 'floor(r[9] * 5)::int')},
    CASE WHEN proceed THEN 'Booking Confirmed' ELSE ${pick(['Inquiry For Charges', 'Inquiry For Charges', 'Consignee Response', 'Booking Confirmed'], 'floor(r[10] * 4)::int')} END,
    CASE WHEN NOT proceed THEN NULL WHEN r[11] < 0.04 THEN 'Cancel' WHEN age > 45 THEN 'Arrived' WHEN age > 15 THEN 'Transit' ELSE 'Process' END,
    CASE WHEN proceed THEN 1 + floor(r[12] * 2000)::int ELSE 0 END,
    CASE WHEN proceed THEN round((0.5 + r[13] * 67)::numeric, 3) ELSE 0 END,
    CASE WHEN proceed THEN round((100 + r[14] * 24000)::numeric, 3) ELSE 0 END,
    CASE WHEN has_bl THEN ${pick(BL_PREFIXES, `i % ${BL_PREFIXES.length}`)} || lpad(((i::bigint * 7919) % 100000000)::text, 8, '0') ELSE '' END,
    CASE WHEN has_bl THEN ${pick(CONTAINER_PREFIXES, `(i / 7) % ${CONTAINER_PREFIXES.length}`)} || lpad(((i::bigint * 104729) % 10000000)::text, 7, '0') ELSE '' END,
    CASE WHEN proceed THEN ${pick(LINES, `floor(r[15] * ${LINES.length})::int`)} || ' ' || ${pick(VESSEL_WORDS, `floor(r[16] * ${VESSEL_WORDS.length})::int`)} ELSE '' END,
    CASE WHEN proceed THEN 'BK' || lpad(i::text, 7, '0') ELSE '' END,
    CASE WHEN arrived THEN etd + eta_days + 2 END, CASE WHEN proceed THEN etd END, CASE WHEN proceed THEN etd + eta_days END,
    CASE WHEN arrived THEN etd + eta_days + 3 END, CASE WHEN arrived THEN etd + eta_days + 1 END,
    r[17] < CASE WHEN age < 120 THEN 0.95 ELSE 0.35 END, proceed,
    created_at, ${idOf('user', 'u')}, created_at, ${idOf('user', 'u')}
  FROM (
    SELECT *, proceed AND r[18] < 0.95 AS has_bl, proceed AND r[11] >= 0.04 AND age > 45 AS arrived
    FROM (
      SELECT i, job_date, current_date - job_date AS age, r[19] < 0.3 AS export, r[20] < 0.6 AS proceed, r,
        floor(r[21] * ${KINDS.user.count})::int AS u, floor(power(r[22], 2) * ${KINDS.consignee.count})::int AS c,
        job_date + 3 + floor(r[23] * 14)::int AS etd, 7 + floor(r[24] * 28)::int AS eta_days,
        job_date + time '08:00' + r[25] * interval '10 hours' AS created_at
      FROM (
        SELECT i, current_date - 730 + (i::bigint * 730 / ${total})::int AS job_date, ARRAY(SELECT random() FROM generate_series(1, 25) WHERE i > 0) AS r
        FROM generate_series($1::int, $2::int) AS i
      ) numbered
    ) drawn
  ) job`;

/**
 * Seeds `jobs` jobs as the shipment service's own role (`url`). `say` reports progress.
 * Answers the seconds each step took.
 */
export async function seedJobs(url, jobs, say) {
  const clients = [new pg.Client({ connectionString: url }), new pg.Client({ connectionString: url })];
  await Promise.all(clients.map((c) => c.connect()));
  const [client] = clients;
  const { step, times } = stepTimer(say);
  try {
    // A bulk load on both connections (two cores): no wait for the WAL flush per statement, room for the index builds.
    for (const c of clients) await c.query(`SET synchronous_commit = off; SET maintenance_work_mem = '256MB'`);
    // Each connection its own seed and its own batches (every other one): the same data every run.
    await Promise.all(clients.map((c, i) => c.query(`SELECT setseed($1)`, [0.2026 + i / 10])));
    await step('names', async () => {
      for (const [kind, { count, name, username }] of Object.entries(KINDS)) {
        await client.query(
          `INSERT INTO shipment.directory_name (kind, id, name, username)
           SELECT $1, ${idOf(kind, 'k')}, ${name('k')}, ${username ? username('k') : 'NULL'} FROM generate_series(0, $2::int - 1) AS k`,
          [kind, count],
        );
      }
    });
    // Every index of the two tables but their constraints', and the history's foreign key, made again after the load.
    const aside = await setIndexesAside(client, 'shipment', ['job', 'job_history']);
    await step(`${jobs.toLocaleString('en')} jobs`, async () => {
      await Promise.all(
        clients.map(async (c, i) => {
          for (let first = 1 + i * BATCH; first <= jobs; first += clients.length * BATCH) {
            await c.query(insertJobsSql(jobs), [first, Math.min(jobs, first + BATCH - 1)]);
          }
        }),
      );
    });
    const [created, stateChanged] = clients;
    await step('status history', () =>
      Promise.all([
        created.query(`
          INSERT INTO shipment.job_history (job_id, changed_at, changed_by, field, before, after)
          SELECT id, created_at, created_by, 'ShipmentStatus', NULL, shipment_status FROM shipment.job`),
        stateChanged.query(`
          INSERT INTO shipment.job_history (job_id, changed_at, changed_by, field, before, after)
          SELECT id, etd + time '09:00', updated_by, 'statusOfShipment', NULL, status_of_shipment FROM shipment.job WHERE status_of_shipment IS NOT NULL`),
      ]),
    );
    await step(`${aside.indexes} indexes, ${aside.foreignKeys} foreign key`, () => aside.restore(clients));
    await client.query(`UPDATE shipment.counter SET value = $1 WHERE name = 'shipment'`, [jobs]);
    // What autovacuum does soon after a bulk load: statistics, and the visibility map.
    await step('VACUUM ANALYZE', async () => {
      for (const table of ['job', 'job_history', 'job_counts', 'directory_name']) await client.query(`VACUUM ANALYZE shipment.${table}`);
    });
    return times;
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
}

/**
 * New jobs as the benches add them (`POST /api/shipments/adminadd`): dated today, each assigned
 * to a seeded employee, the other names drawn from the seeded ones. Reads the names once from the
 * shipment service's copy (`db`: a pool or client on its database); answers a function making a body.
 * @param {Pick<pg.Pool, 'query'>} db
 */
export async function newJobBodies(db) {
  const names = async (kind, where = '') => (await db.query(`SELECT name, username FROM shipment.directory_name WHERE kind = $1 ${where}`, [kind])).rows;
  const [branches, consignees, origins, types, terms] = await Promise.all(
    ['branch', 'consignee', 'origin', 'shipmentType', 'shipmentTerm'].map(async (kind) => (await names(kind)).map((row) => row.name)),
  );
  const employees = (await names('user', `AND username LIKE 'employee%'`)).map((row) => row.username);
  const any = (list) => list[Math.floor(Math.random() * list.length)];
  const today = new Date().toISOString().slice(0, 10);
  return () => ({
    direction: Math.random() < 0.3 ? 'Export' : 'Import',
    date: today,
    userName: any(employees),
    branchCity: any(branches),
    consigneeName: any(consignees),
    originPort: any(origins),
    typeOfShipment: any(types),
    termOfShipment: any(terms),
    ShipmentStatus: 'Inquiry For Charges',
  });
}

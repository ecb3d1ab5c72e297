import {
  AUDIT_COLUMNS_SQL,
  createOutboxTable,
  createProcessedEventsTable,
  dropOutboxTable,
  dropProcessedEventsTable,
  migration,
} from '@freight/server-database';

/**
 * Jobs and bookings (requirements 02 §3), the one shipment counter (ADR 28), every change of a job
 * (job_history), unfiltered list totals kept by a trigger (job_counts), the names a job shows as
 * copies of the directory's records (directory_name, ADR 29), the events handled, and the outbox.
 *
 * A job keeps each reference's id AND its current name: lists sort and search on the job's own
 * columns with indexes, never joining or asking another service per row; the directory consumer
 * rewrites the name on every job when a record is renamed.
 */
export const Jobs1796200100000 = migration(
  'Jobs1796200100000',
  async (q) => {
    await q.query(`
      CREATE TABLE shipment.directory_name (
        kind text NOT NULL CHECK (kind IN ('user', 'branch', 'consignee', 'shipper', 'forwarder', 'origin', 'yard', 'shipmentType', 'shipmentTerm')),
        id uuid NOT NULL,
        name text NOT NULL,
        username text,
        deleted_at timestamptz,
        PRIMARY KEY (kind, id)
      )`);
    await q.query(`CREATE INDEX ix_directory_name_name ON shipment.directory_name (kind, lower(name)) WHERE deleted_at IS NULL`);
    await q.query(
      `CREATE INDEX ix_directory_name_username ON shipment.directory_name (kind, lower(username)) WHERE deleted_at IS NULL AND username IS NOT NULL`,
    );

    await q.query(`CREATE TABLE shipment.counter (name text PRIMARY KEY, value integer NOT NULL CHECK (value >= 0))`);
    await q.query(`INSERT INTO shipment.counter (name, value) VALUES ('shipment', 0)`);

    // The text the lists' search looks in (requirements 02 §5), one line per job; chr(1) (which no search
    // text can hold) between the fields, so a match never spans two of them.
    await q.query(`
      CREATE FUNCTION shipment.job_search_text(job_no text, user_name text, consignee text, shipper text, bl_no text, container_no text,
        vessel text, term text, type text, status text, job_date date) RETURNS text
      LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
        SELECT lower(concat_ws(chr(1), job_no, user_name, consignee, shipper, bl_no, container_no, vessel, term, type, status,
          to_char(job_date, 'DD/MM/YYYY'), to_char(job_date, 'YYYY-MM-DD')))
      $$`);
    await q.query(`
      CREATE TABLE shipment.job (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        job_number integer NOT NULL CONSTRAINT ux_job_number UNIQUE,
        job_no text NOT NULL,
        direction text NOT NULL CHECK (direction IN ('Import', 'Export')),
        job_date date NOT NULL,
        user_id uuid NOT NULL,
        user_name text NOT NULL,
        branch_id uuid NOT NULL,
        branch_city text NOT NULL,
        consignee_id uuid NOT NULL,
        consignee_name text NOT NULL,
        notify_id uuid,
        notify_name text,
        shipper_id uuid,
        shipper_name text,
        forwarder_id uuid,
        forwarder_name text,
        origin_id uuid NOT NULL,
        origin_port text NOT NULL,
        yard_id uuid,
        yard_name text,
        type_id uuid NOT NULL,
        type_of_shipment text NOT NULL,
        term_id uuid NOT NULL,
        term_of_shipment text NOT NULL,
        shipment_status text NOT NULL CHECK (shipment_status IN ('Booking Confirmed', 'Consignee Response', 'Inquiry For Charges')),
        status_of_shipment text CHECK (status_of_shipment IN ('Arrived', 'Cancel', 'Transit', 'Process')),
        cartoons integer NOT NULL DEFAULT 0 CHECK (cartoons >= 0),
        cbm numeric(14, 3) NOT NULL DEFAULT 0 CHECK (cbm >= 0),
        weight numeric(14, 3) NOT NULL DEFAULT 0 CHECK (weight >= 0),
        bl_no text NOT NULL DEFAULT '',
        container_no text NOT NULL DEFAULT '',
        vessel_name text NOT NULL DEFAULT '',
        booking_no text NOT NULL DEFAULT '',
        wh_arrival_date date,
        etd date,
        eta date CHECK (eta IS NULL OR etd IS NULL OR eta >= etd),
        de_stuff date,
        do_issue date,
        remarks text NOT NULL DEFAULT '',
        personal_remarks text NOT NULL DEFAULT '',
        job_status boolean NOT NULL DEFAULT true,
        status_update_to_client boolean NOT NULL DEFAULT false,
        proceed boolean NOT NULL DEFAULT false CHECK (NOT proceed OR shipment_status = 'Booking Confirmed'),
        invoice_no text NOT NULL DEFAULT '',
        invoice_amount numeric(14, 2),
        invoice_date date,
        version integer NOT NULL DEFAULT 1,
        ${AUDIT_COLUMNS_SQL},
        deleted_at timestamptz,
        deleted_by uuid,
        search_text text GENERATED ALWAYS AS (shipment.job_search_text(job_no, user_name, consignee_name, shipper_name, bl_no, container_no,
          vessel_name, term_of_shipment, type_of_shipment, shipment_status, job_date)) STORED
      )`);
    await q.query(`CREATE UNIQUE INDEX ux_job_no ON shipment.job (lower(job_no))`);
    const live = 'WHERE deleted_at IS NULL';
    // The worklist (not proceeded) by date, and an Employee's by assignee and date.
    await q.query(`CREATE INDEX ix_job_worklist_date ON shipment.job (job_date, id) WHERE NOT proceed AND deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_job_worklist_user_date ON shipment.job (user_id, job_date, id) WHERE NOT proceed AND deleted_at IS NULL`);
    // The booking sheet (proceeded), newest job first, and an Employee's.
    await q.query(`CREATE INDEX ix_job_booking_number ON shipment.job (job_number) WHERE proceed AND deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_job_booking_user_number ON shipment.job (user_id, job_number) WHERE proceed AND deleted_at IS NULL`);
    // A client's bookings.
    await q.query(`CREATE INDEX ix_job_consignee ON shipment.job (consignee_id, job_number) ${live}`);
    await q.query(`CREATE INDEX ix_job_shipper ON shipment.job (shipper_id, job_number) WHERE shipper_id IS NOT NULL AND deleted_at IS NULL`);
    await q.query(`CREATE INDEX ix_job_bl_no ON shipment.job (lower(bl_no)) WHERE bl_no <> '' AND deleted_at IS NULL`);
    // Every other sortable column of the two lists (requirements 02 §2); the id breaks ties.
    for (const [name, column] of [
      ['date', 'job_date'],
      ['user', 'lower(user_name)'],
      ['consignee', 'lower(consignee_name)'],
      ['shipper', 'lower(shipper_name)'],
      ['origin', 'lower(origin_port)'],
      ['type', 'lower(type_of_shipment)'],
      ['term', 'lower(term_of_shipment)'],
      ['status', 'shipment_status'],
      ['state', 'status_of_shipment'],
      ['bl', 'lower(bl_no)'],
      ['container', 'lower(container_no)'],
      ['vessel', 'lower(vessel_name)'],
      ['etd', 'etd'],
      ['eta', 'eta'],
      ['active', 'job_status'],
    ]) {
      await q.query(`CREATE INDEX ix_job_sort_${name} ON shipment.job (${column}, id) ${live}`);
    }
    // Contains-search (pg_trgm): every job, and the active booking sheet the staff search all day.
    await q.query(`CREATE INDEX ix_job_search_trgm ON shipment.job USING gin (search_text extensions.gin_trgm_ops) ${live}`);
    await q.query(
      `CREATE INDEX ix_job_booking_active_trgm ON shipment.job USING gin (search_text extensions.gin_trgm_ops) WHERE proceed AND job_status AND deleted_at IS NULL`,
    );
    // References to directory records: the consumer rewrites names by these.
    for (const ref of ['user', 'branch', 'notify', 'forwarder', 'origin', 'yard', 'type', 'term']) {
      await q.query(`CREATE INDEX ix_job_ref_${ref} ON shipment.job (${ref}_id) WHERE ${ref}_id IS NOT NULL`);
    }

    // Totals of the unfiltered lists without counting a million rows: one row per
    // (assignee, direction, proceeded, active), kept by statement triggers from the changed rows.
    await q.query(`
      CREATE TABLE shipment.job_counts (
        user_id uuid NOT NULL,
        direction text NOT NULL,
        proceed boolean NOT NULL,
        job_status boolean NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (user_id, direction, proceed, job_status)
      )`);
    await q.query(`
      CREATE FUNCTION shipment.job_counts_apply() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO shipment.job_counts AS c (user_id, direction, proceed, job_status, n)
            SELECT user_id, direction, proceed, job_status, count(*) FROM new_rows WHERE deleted_at IS NULL
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (user_id, direction, proceed, job_status) DO UPDATE SET n = c.n + excluded.n;
        ELSIF TG_OP = 'UPDATE' THEN
          INSERT INTO shipment.job_counts AS c (user_id, direction, proceed, job_status, n)
            SELECT user_id, direction, proceed, job_status, sum(d) FROM (
              SELECT user_id, direction, proceed, job_status, -1 AS d FROM old_rows WHERE deleted_at IS NULL
              UNION ALL
              SELECT user_id, direction, proceed, job_status, 1 FROM new_rows WHERE deleted_at IS NULL
            ) delta GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
          ON CONFLICT (user_id, direction, proceed, job_status) DO UPDATE SET n = c.n + excluded.n;
        ELSE
          INSERT INTO shipment.job_counts AS c (user_id, direction, proceed, job_status, n)
            SELECT user_id, direction, proceed, job_status, -count(*) FROM old_rows WHERE deleted_at IS NULL
            GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
          ON CONFLICT (user_id, direction, proceed, job_status) DO UPDATE SET n = c.n + excluded.n;
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(
      `CREATE TRIGGER job_counts_insert AFTER INSERT ON shipment.job REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment.job_counts_apply()`,
    );
    await q.query(
      `CREATE TRIGGER job_counts_update AFTER UPDATE ON shipment.job REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment.job_counts_apply()`,
    );
    await q.query(
      `CREATE TRIGGER job_counts_delete AFTER DELETE ON shipment.job REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION shipment.job_counts_apply()`,
    );

    // Every change of a job: who, when, which field (the API's name), before and after (as text).
    await q.query(`
      CREATE TABLE shipment.job_history (
        id bigserial PRIMARY KEY,
        job_id uuid NOT NULL REFERENCES shipment.job (id),
        changed_at timestamptz NOT NULL DEFAULT now(),
        changed_by uuid,
        field text NOT NULL,
        before text,
        after text
      )`);
    await q.query(`CREATE INDEX ix_job_history_job ON shipment.job_history (job_id, id)`);

    await createProcessedEventsTable(q, 'shipment');
    await createOutboxTable(q, 'shipment');
  },
  async (q) => {
    await dropOutboxTable(q, 'shipment');
    await dropProcessedEventsTable(q, 'shipment');
    await q.query(`DROP TABLE shipment.job_history`);
    await q.query(`DROP TABLE shipment.job_counts`);
    await q.query(`DROP FUNCTION shipment.job_counts_apply() CASCADE`);
    await q.query(`DROP TABLE shipment.job`);
    await q.query(`DROP FUNCTION shipment.job_search_text`);
    await q.query(`DROP TABLE shipment.counter`);
    await q.query(`DROP TABLE shipment.directory_name`);
  },
);

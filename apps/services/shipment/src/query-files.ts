import type { QueryFile } from '@freight/server-database';
import { COUNTER_QUERY_FILE } from './counter/counter.repository.js';
import { JOB_DELETION_QUERY_FILE } from './deletion/job-deletion.repository.js';
import { JOB_HISTORY_QUERY_FILE } from './jobs/job-history.repository.js';
import { JOB_LIST_QUERY_FILE } from './jobs/job-list.repository.js';
import { JOB_QUERY_FILE } from './jobs/job.repository.js';
import { JOB_MAIL_QUERY_FILE } from './mails/job-mail.repository.js';
import { REFERENCE_QUERY_FILE } from './references/reference.repository.js';

/** Every data-access module's queries and the file beside it they are committed to (`npm run sql:generate` writes them). */
export const QUERY_FILES: readonly QueryFile[] = [
  JOB_QUERY_FILE,
  JOB_LIST_QUERY_FILE,
  JOB_HISTORY_QUERY_FILE,
  JOB_DELETION_QUERY_FILE,
  COUNTER_QUERY_FILE,
  JOB_MAIL_QUERY_FILE,
  REFERENCE_QUERY_FILE,
];

// What the staff's job screens share: the screen's direction, the live job stream, a job's last booking e-mail and its history.
export { useDirection } from './direction.js';
export { useLiveJobs } from './use-live-jobs.js';
export { LastMailStatus, jobMailsKey } from './last-mail-status.js';
export { JobTabs } from './job-history.js';

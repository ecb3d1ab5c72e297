// What the staff's job screens share: the screen's direction, the live job stream and a job's last booking e-mail.
export { useDirection } from './direction.js';
export { connectLiveJobs, SseParser, backoffDelay, LIVE_BACKOFF, type LiveJobsOptions, type ServerSentEvent } from './live-jobs.js';
export { useLiveJobs, LIVE_COALESCE_MS } from './use-live-jobs.js';
export { LastMailStatus, lastMailText, jobMailsKey, MAIL_STATUS_POLL_MS } from './last-mail-status.js';

// The gateway as a library, for the system tests (apps/system-tests): they run it in process
// in front of the real services, and check the figures it promises. Production starts main.ts.
export { MAX_PARAM_LENGTH, connectionGraceMs, createGateway } from './app.factory.js';
export type { GatewayConfig } from './config/gateway.config.js';
export { CLIENT_TOKEN_AUDIENCE, TOKEN_AUDIENCE, TOKEN_ISSUER } from './auth/token.service.js';
export { SESSION_STATE_MAX_AGE_MS } from './auth/session-state.service.js';
export { revocationBucketName } from './auth/revocation.service.js';
export { UNAVAILABLE_RETRY_AFTER_SECONDS } from './http/exception.filter.js';
export { LiveJobsService } from './live/live-jobs.service.js';
export { pdfLeaseBucketName } from './statement/pdf-leases.js';
export { PDF_IN_ALL, PDF_PER_USER, PDF_RETRY_AFTER_SECONDS } from './statement/statement-pdf.drawer.js';

import { adminQuery, newConsignee, until } from '@freight/server-testing';
import type { Credit, CreditAdd, DebitBody, Job } from '@freight/contracts';
import type { FileStack } from './gateway-stack.js';
import { addJob, seedJobWorld, type JobWorld } from './shipments.js';

/** The consignee the accounts tests charge and credit: its opening balance is not zero. */
export const PAYER = { username: 'payer', name: 'Consignee payer', openingBalance: '1000.50' } as const;

export interface AccountsWorld extends JobWorld {
  payerId: string;
}

/** SQL as the superuser on the accounts service's database of this stack. */
export function accountsQuery<Row = Record<string, unknown>>(shared: FileStack, sql: string, params: unknown[] = []): Promise<Row[]> {
  return adminQuery<Row>(shared.stack.services.byName.accounts.database, sql, params);
}

/** Until the accounts service's copy holds `count` consignees from the directory. */
export const consigneesCopied = (shared: FileStack, count: number) =>
  until(async () => {
    const [row] = await accountsQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM accounts.consignee WHERE from_directory`);
    return row!.n >= count ? true : undefined;
  }, 'the accounts service to copy the consignees');

/** Until the accounts service's copy knows these jobs. */
export const jobsCopied = (shared: FileStack, jobNos: readonly string[]) =>
  until(async () => {
    const [row] = await accountsQuery<{ n: number }>(shared, `SELECT count(*)::int AS n FROM accounts.job WHERE job_no = ANY($1)`, [jobNos]);
    return row!.n === new Set(jobNos).size ? true : undefined;
  }, 'the accounts service to copy the jobs');

/** The job world of the shipment tests, plus the consignee `payer` (opening balance 1000.50), all known to the accounts service. */
export async function seedAccountsWorld(shared: FileStack): Promise<AccountsWorld> {
  const world = await seedJobWorld(shared);
  const added = await shared.call('POST', '/api/consignees/add', {
    token: world.head.token,
    body: newConsignee(PAYER.username, { openingBalance: PAYER.openingBalance }),
  });
  if (added.status !== 201) throw new Error(`adding the payer failed: ${added.status} ${JSON.stringify(added.body)}`);
  await consigneesCopied(shared, 3); // acme, bolt, payer
  return { ...world, payerId: added.body.consignee.consignee_id };
}

/** `count` jobs of the payer (with the shipper sails where the booking names one), known to the accounts service. */
export async function payerJobs(shared: FileStack, world: JobWorld, count: number): Promise<Job[]> {
  const jobs: Job[] = [];
  for (let i = 0; i < count; i++) jobs.push(await addJob(shared, world.admin, 'emma', { consigneeName: PAYER.name }));
  await jobsCopied(
    shared,
    jobs.map((job) => job.jobNo),
  );
  return jobs;
}

/** Invoices the job as the Head (adddebit, 200 expected; a second invoice replaces the first). */
export async function invoice(shared: FileStack, jobNo: string, body: DebitBody): Promise<void> {
  const reply = await shared.call('POST', `/api/shipments/adddebit/${jobNo}`, { token: shared.head.token, body });
  if (reply.status !== 200) throw new Error(`invoicing ${jobNo} failed: ${reply.status} ${JSON.stringify(reply.body)}`);
}

/** Records a payment as the Head (credits/add, 201 expected) and answers the credit. */
export async function pay(shared: FileStack, body: CreditAdd): Promise<Credit> {
  const reply = await shared.call('POST', '/api/credits/add', { token: shared.head.token, body });
  if (reply.status !== 201) throw new Error(`recording a payment failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.credit;
}

/** The payer's balance as the accounts service answers it. */
export async function balanceOf(shared: FileStack, consigneeId: string): Promise<string> {
  const reply = await shared.call('GET', `/api/accounts/balance/${consigneeId}`, { token: shared.head.token });
  if (reply.status !== 200) throw new Error(`balance failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body.balance.balance;
}

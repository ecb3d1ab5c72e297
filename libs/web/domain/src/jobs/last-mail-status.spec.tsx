import { jest } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { JobMailStatus } from '@freight/contracts';
import { createQueryClient } from '@freight/web-kit';
import { LastMailStatus, lastMailText } from './last-mail-status.js';

const mail = (overrides: Partial<JobMailStatus> = {}): JobMailStatus => ({
  id: 'a8f5f167-0000-4000-8000-000000000001',
  kind: 'booking-confirmation',
  to: ['lanka@example.com', 'ops@example.com'],
  requestedAt: '2026-11-27T09:05:00.000Z',
  requestedBy: 'Nimal Perera',
  status: 'queued',
  attempts: 0,
  lastError: null,
  sentAt: null,
  ...overrides,
});

describe('lastMailText', () => {
  it('says what went to whom, when and by whom; the reason of a failure; "Not sent yet" without any', () => {
    expect(lastMailText(undefined)).toBe('Not sent yet');
    expect(lastMailText(mail({ status: 'sent', sentAt: '2026-11-27T09:06:00.000Z' }))).toMatch(
      /^Booking confirmation e-mail to lanka@example\.com, ops@example\.com, 27\/11\/2026 \d\d:06, by Nimal Perera$/,
    );
    expect(lastMailText(mail({ kind: 'updated-data', status: 'failed', lastError: '550 mailbox unavailable' }))).toMatch(
      /^Updated data e-mail to .*, by Nimal Perera: 550 mailbox unavailable$/,
    );
  });
});

describe('LastMailStatus', () => {
  it("shows the newest e-mail of the job with its state, asked of the job's e-mail call", async () => {
    const fetchMock = jest.fn<typeof fetch>().mockResolvedValue(
      new Response(JSON.stringify({ success: true, mails: [mail({ status: 'failed', lastError: 'No such user' }), mail({ status: 'sent' })] }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
    globalThis.fetch = fetchMock;
    render(
      <MantineProvider>
        <QueryClientProvider client={createQueryClient()}>
          <LastMailStatus jobNo="IMP-000001" />
        </QueryClientProvider>
      </MantineProvider>,
    );
    expect(await screen.findByText('Failed')).toBeTruthy();
    expect(screen.getByText(/: No such user$/)).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Last e-mail' })).toBeTruthy();
    expect(String(fetchMock.mock.calls[0]![0])).toBe('/api/shipments/mails/IMP-000001');
  });
});

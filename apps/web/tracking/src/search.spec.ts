import { jest } from '@jest/globals';
import { JobTexts, TrackingTexts, type Tracking } from '@freight/contracts';
import { screen, waitFor } from '@testing-library/dom';
import { loadPage } from './page.spec-helper.js';
import { SEARCH_FAILED_MESSAGE, formatDay, setupSearch } from './search.js';

const tracking: Tracking = {
  blNo: 'MAEU123456',
  containerNo: 'MSCU7654321',
  Vesselname: 'Northern Star',
  originPort: 'Shanghai',
  statusOfShipment: 'Arrived',
  etd: '2025-03-01',
  eta: '2025-03-20',
  warehouseArrivalDate: '2025-03-22',
  doIssue: null,
  deStuff: null,
  history: [
    { status: 'Booking Confirmed', date: '2025-02-20T10:00:00.000Z' },
    { status: 'Arrived', date: '2025-03-20T08:30:00.000Z' },
  ],
};

const result = () => document.getElementById('search-result')!;
const terms = () => Object.fromEntries([...result().querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]));

function search(bl: string) {
  const input = screen.getByLabelText('BL number') as HTMLInputElement;
  input.value = bl;
  screen.getByRole('button', { name: 'Search' }).click();
}

describe('Track & Trace (/Searchbl)', () => {
  let fetchMock: jest.Mock<typeof fetch>;

  beforeEach(() => {
    loadPage('searchbl');
    window.history.replaceState(null, '', '/Searchbl');
    fetchMock = jest.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });

  it("has the home link, the advertisement slot and the footer's current year", () => {
    expect(screen.getByRole('link', { name: '← Home' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('complementary', { name: 'Advertisement' })).toBeTruthy();
    expect(document.querySelector('footer')!.textContent!.replace(/\s+/g, ' ')).toContain(`© ${new Date().getFullYear()} Freight Forwarding.`);
  });

  it('requires a BL number (no call)', () => {
    setupSearch(document);
    search('   ');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById('search-bl-error')!.textContent).toBe('BL number is required');
    expect(document.activeElement).toBe(screen.getByLabelText('BL number'));
  });

  it('shows the public tracking fields and the status timeline, and puts the BL number in the URL', async () => {
    fetchMock.mockResolvedValue(Response.json(tracking));
    setupSearch(document);
    search(' MAEU 12/34 ');
    expect(result().textContent).toBe('Loading...');
    expect(result().getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(result().querySelector('dl')).not.toBeNull());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/shipments/searchbl/MAEU%2012%2F34');
    expect(`${window.location.pathname}${window.location.search}`).toBe('/Searchbl?bl=MAEU%2012%2F34');
    expect(terms()).toEqual({
      'BL number': 'MAEU123456',
      'Container number': 'MSCU7654321',
      Vessel: 'Northern Star',
      'Origin port': 'Shanghai',
      Status: 'Arrived',
      ETD: '01/03/2025',
      ETA: '20/03/2025',
      'Warehouse arrival': '22/03/2025',
      'DO issued': 'N/A',
      'De-stuffed': 'N/A',
    });
    const steps = [...result().querySelectorAll('.timeline li')].map((li) => [li.firstChild!.textContent, li.querySelector('time')!.getAttribute('datetime')]);
    expect(steps).toEqual([
      ['Booking Confirmed', '2025-02-20T10:00:00.000Z'],
      ['Arrived', '2025-03-20T08:30:00.000Z'],
    ]);
    expect(result().getAttribute('aria-busy')).toBe('false');
  });

  it('shows only the fields it knows, as text: an unexpected field or markup in a value is not shown as HTML', async () => {
    fetchMock.mockResolvedValue(Response.json({ ...tracking, Vesselname: '<img src=x onerror=alert(1)>', consigneeName: 'Secret Ltd' }));
    setupSearch(document);
    search('MAEU123456');
    await waitFor(() => expect(result().querySelector('dl')).not.toBeNull());
    expect(terms().Vessel).toBe('<img src=x onerror=alert(1)>');
    expect(result().querySelector('img')).toBeNull();
    expect(result().textContent).not.toContain('Secret Ltd');
  });

  it('says "No shipment found with the provided BL number." on a 404', async () => {
    fetchMock.mockResolvedValue(Response.json({ message: JobTexts.blNotFound, code: 'NOT_FOUND' }, { status: 404 }));
    setupSearch(document);
    search('NOPE');
    await waitFor(() => expect(result().textContent).toBe('No shipment found with the provided BL number.'));
    expect(result().querySelector('dl')).toBeNull();
  });

  it("over the limit (429): the server's message; a failure without one: a clear message", async () => {
    const tooMany = TrackingTexts.tooMany(42);
    fetchMock
      .mockResolvedValueOnce(Response.json({ message: tooMany, code: 'TOO_MANY_ATTEMPTS' }, { status: 429 }))
      .mockResolvedValueOnce(new Response('', { status: 500 }));
    setupSearch(document);
    search('MAEU123456');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(tooMany));
    search('MAEU123457');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SEARCH_FAILED_MESSAGE));
  });

  it('reads ?bl= on load (a shared link searches at once) and follows back and forward', async () => {
    window.history.replaceState(null, '', '/Searchbl?bl=MAEU123456');
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/MAEU123456') ? Response.json(tracking) : Response.json({ message: JobTexts.blNotFound }, { status: 404 }),
    );
    setupSearch(document);
    expect((screen.getByLabelText('BL number') as HTMLInputElement).value).toBe('MAEU123456');
    await waitFor(() => expect(terms()['BL number']).toBe('MAEU123456'));

    search('OTHER');
    await waitFor(() => expect(result().textContent).toBe(JobTexts.blNotFound));
    expect(window.location.search).toBe('?bl=OTHER');

    window.history.replaceState(null, '', '/Searchbl?bl=MAEU123456'); // what "back" leaves in the address bar
    window.dispatchEvent(new PopStateEvent('popstate'));
    await waitFor(() => expect(terms()['BL number']).toBe('MAEU123456'));
    expect((screen.getByLabelText('BL number') as HTMLInputElement).value).toBe('MAEU123456');
  });

  it('a new search that answers first is not overwritten by an older one', async () => {
    let answerOld: (response: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answerOld = resolve))).mockResolvedValueOnce(Response.json(tracking));
    setupSearch(document);
    search('OLD');
    search('MAEU123456');
    await waitFor(() => expect(terms()['BL number']).toBe('MAEU123456'));
    answerOld(Response.json({ message: JobTexts.blNotFound }, { status: 404 }));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(terms()['BL number']).toBe('MAEU123456');
  });

  it('formats calendar days in en-GB, whatever the time zone', () => {
    expect([formatDay('2025-12-31'), formatDay(null), formatDay('')]).toEqual(['31/12/2025', 'N/A', 'N/A']);
  });
});

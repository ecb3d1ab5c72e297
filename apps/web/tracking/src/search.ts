// Only light modules of the contracts: the jobs' resource definition would build every job schema at load.
import { TrackingTexts, keyParam, type Tracking } from '@freight/contracts';
import { byId, callJson, firstIssues, serverMessage, showFieldError } from './api.js';

export const NOT_FOUND_MESSAGE = TrackingTexts.notFound;
export const SEARCH_FAILED_MESSAGE = 'The search could not be made. Please try again.';
export const SEARCH_OFFLINE_MESSAGE = 'The search could not be made: no connection to the server. Please try again.';

/** The gateway's rule for the path's BL number. */
const blSchema = keyParam('blNo', 'BL number');

/** requirements decisions §5, in the order shown: every field the public may see. */
const FIELDS: readonly [keyof Tracking, string, 'date' | 'text'][] = [
  ['blNo', 'BL number', 'text'],
  ['containerNo', 'Container number', 'text'],
  ['Vesselname', 'Vessel', 'text'],
  ['originPort', 'Origin port', 'text'],
  ['statusOfShipment', 'Status', 'text'],
  ['etd', 'ETD', 'date'],
  ['eta', 'ETA', 'date'],
  ['warehouseArrivalDate', 'Warehouse arrival', 'date'],
  ['doIssue', 'DO issued', 'date'],
  ['deStuff', 'De-stuffed', 'date'],
];

const dayFormat = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' });
const momentFormat = new Intl.DateTimeFormat('en-GB', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A calendar day ('2025-03-01') as 01/03/2025; empty values as N/A. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dayFormat.format(date);
}

function formatMoment(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : momentFormat.format(date);
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text?: string,
  attributes: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (text !== undefined) node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** The answer as a definition list of the public fields and the status timeline (text only, never HTML). */
export function renderTracking(doc: Document, tracking: Tracking): DocumentFragment {
  const fragment = doc.createDocumentFragment();
  fragment.append(element(doc, 'h2', `Shipment ${tracking.blNo}`));
  const list = element(doc, 'dl');
  for (const [field, label, kind] of FIELDS) {
    const value = tracking[field] as string | null;
    list.append(element(doc, 'dt', label), element(doc, 'dd', kind === 'date' ? formatDay(value) : value || 'N/A'));
  }
  fragment.append(list, element(doc, 'h3', 'Status history'));
  if (tracking.history.length === 0) {
    fragment.append(element(doc, 'p', 'No status changes recorded yet.'));
  } else {
    const timeline = element(doc, 'ol', undefined, { class: 'timeline' });
    for (const entry of tracking.history) {
      const item = element(doc, 'li', entry.status);
      item.append(element(doc, 'time', formatMoment(entry.date), { datetime: entry.date }));
      timeline.append(item);
    }
    fragment.append(timeline);
  }
  return fragment;
}

/**
 * /Searchbl (requirements 02, requirements decisions §5): a BL number, required; `GET /api/shipments/searchbl/{blNo}`;
 * the public tracking fields and the status timeline, or "No shipment found with the provided BL
 * number.". The URL `/Searchbl?bl=...` is the search: read on load and on back/forward, written
 * on every search, so it can be shared.
 */
export function setupSearch(root: Document, win: Window = window): { search(bl: string): Promise<void> } {
  const form = byId<HTMLFormElement>(root, 'search-form');
  const input = byId<HTMLInputElement>(root, 'search-bl');
  const fieldError = byId<HTMLElement>(root, 'search-bl-error');
  const result = byId<HTMLElement>(root, 'search-result');
  let latest = 0;

  const message = (text: string, role: 'status' | 'alert') => {
    result.replaceChildren(element(root, 'p', text, { class: role === 'alert' ? 'error' : '', role }));
  };

  const search = async (blNo: string) => {
    const call = ++latest;
    result.setAttribute('aria-busy', 'true');
    message('Loading...', 'status');
    const answer = await callJson<Tracking>(`/api/shipments/searchbl/${encodeURIComponent(blNo)}`);
    if (call !== latest) return; // a newer search took over
    result.setAttribute('aria-busy', 'false');
    if (answer.ok && answer.body) result.replaceChildren(renderTracking(root, answer.body));
    else if (answer.status === 404) message(NOT_FOUND_MESSAGE, 'status');
    else if (answer.status === 0) message(SEARCH_OFFLINE_MESSAGE, 'alert');
    else message(serverMessage(answer, SEARCH_FAILED_MESSAGE), 'alert');
  };

  /** Checks the number with the gateway's rule; shows its message under the field. */
  const valid = (raw: string): string | undefined => {
    const parsed = blSchema.safeParse({ blNo: raw });
    showFieldError(input, fieldError, parsed.success ? undefined : firstIssues(parsed.error.issues).blNo);
    return parsed.success ? parsed.data.blNo : undefined;
  };

  const fromUrl = () => {
    const bl = new URLSearchParams(win.location.search).get('bl');
    input.value = bl ?? '';
    if (bl === null) {
      result.replaceChildren();
      return;
    }
    const blNo = valid(bl);
    if (blNo) void search(blNo);
  };

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const blNo = valid(input.value);
    if (!blNo) {
      input.focus();
      return;
    }
    const url = `/Searchbl?bl=${encodeURIComponent(blNo)}`;
    const same = new URLSearchParams(win.location.search).get('bl') === blNo;
    if (same) win.history.replaceState(null, '', url);
    else win.history.pushState(null, '', url);
    void search(blNo);
  });
  win.addEventListener('popstate', fromUrl);
  fromUrl();
  return { search };
}

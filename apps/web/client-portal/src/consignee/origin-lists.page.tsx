import { agents, vessels } from '@freight/contracts';
import { DataTable, useServerList, type Column } from '@freight/web-kit';
import { ClientFrame } from '../frame/client-frame.js';
import { CLIENT_PAGE_SIZE } from '../bookings/booking-list.js';

interface OriginRow {
  origin: string;
  details: string;
}

const columns: Column<OriginRow>[] = [
  { header: 'Sr No.', render: (_row, position) => position },
  { header: 'Origin', sortField: 'origin', render: (row) => row.origin },
  { header: 'Details', render: (row) => <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{row.details}</span> },
];

/** /viewvesselconsignee (requirements 02 §2): the vessel voyages, read-only, searched by origin on the server. */
export function ConsigneeVesselsPage() {
  const list = useServerList('client-vessels', vessels.routes.vesselsAll, CLIENT_PAGE_SIZE);
  return (
    <ClientFrame title="Weekly Vessel Planning">
      <DataTable
        list={list}
        columns={columns}
        rowKey={(row) => row.origin}
        caption="Vessel voyages"
        searchLabel="Search by origin"
        emptyText="No vessels found."
        loadErrorText="Error fetching vessels"
      />
    </ClientFrame>
  );
}

/** /viewagentconsignee (requirements 02 §2): the overseas offices, read-only, searched by origin on the server. */
export function ConsigneeAgentsPage() {
  const list = useServerList('client-agents', agents.routes.agentsAll, CLIENT_PAGE_SIZE);
  return (
    <ClientFrame title="Overseas Offices Detail">
      <DataTable
        list={list}
        columns={columns}
        rowKey={(row) => row.origin}
        caption="Overseas offices"
        searchLabel="Search by origin"
        emptyText="No agents found."
        loadErrorText="Error fetching agents"
      />
    </ClientFrame>
  );
}

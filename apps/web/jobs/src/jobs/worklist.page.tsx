import { Link, useParams } from 'react-router-dom';
import { Button } from '@mantine/core';
import { JobTexts, plainJob, seesAllJobs, type PlainJob } from '@freight/contracts';
import { DataTable, RowActions, formatDate, useServerList, useSession, type Column } from '@freight/web-kit';
import { BOOKING_LEAD_COLUMNS } from '@freight/web-domain/bookings';
import { useLiveJobs } from '@freight/web-domain/jobs';
import { BookingLinks } from '../bookings/booking-links.js';
import { JobsPage } from '../frame/jobs-page.js';
import { useDirection, withDirection } from '../frame/direction.js';
import { JOBS_KEY, jobRoutes } from './job-data.js';

/** Whose worklist: the admin one (Head, Admin: every job) or an employee's (their own). */
export type Side = 'admin' | 'employee';

/** Where a job's edit and view screens are, per side (requirements 02 §2). */
export const jobPaths = (side: Side) => ({
  edit: (jobNo: string) => `/editjob${side}/${encodeURIComponent(jobNo)}`,
  view: (jobNo: string) => `/viewjob${side}/${encodeURIComponent(jobNo)}`,
});

const LIVE_KEYS = [JOBS_KEY];

// Job No and the actions stay on screen while the columns between scroll, as on the booking sheet.
const COLUMNS: Column<PlainJob>[] = [
  BOOKING_LEAD_COLUMNS[0]!,
  { header: 'User', sortField: 'user', render: (job) => job.user },
  { header: 'Consignee Name', sortField: 'consigneeName', render: (job) => job.consigneeName },
  { header: 'Type of Shipment', sortField: 'typeOfShipment', render: (job) => job.typeOfShipment },
  { header: 'Term of Shipment', sortField: 'termOfShipment', render: (job) => job.termOfShipment },
  { header: 'Origin', sortField: 'originPort', render: (job) => job.originPort },
  // Sort keys are the wire's (`sort=ShipmentStatus`, ADR 56).
  { header: 'Shipment Status', sortField: 'ShipmentStatus', render: (job) => job.status },
  { header: 'Date', sortField: 'date', render: (job) => formatDate(job.date) },
];

/**
 * "Today Job Inquiry" (requirements 02 §2): the jobs not yet proceeded, one direction at a time,
 * searched, sorted and paged on the server (50 a page); date ascending at first, the Date
 * button toggles it; a colleague's change shows within 2 s. Admin: /worklistadmin; employee:
 * /worklistemployee/{user_id} (their own id: another's is refused by the gateway).
 */
export function WorklistPage({ side }: { side: Side }) {
  const session = useSession();
  const { user_id } = useParams();
  const direction = useDirection();
  const userId = side === 'employee' ? (user_id ?? '') : (session?.userId ?? '');
  const list = useServerList(
    JOBS_KEY,
    jobRoutes.shipmentsListJobs,
    50,
    { direction },
    { pathParams: { user_id: userId }, sort: { sort: 'date', order: 'asc' }, decode: plainJob },
  );
  // A colleague's save shows without a reload (the gateway's job stream, ADR 33).
  useLiveJobs(LIVE_KEYS);
  const paths = jobPaths(side);
  const addPath = side === 'admin' ? '/addjobadmin' : `/addjobemployee/${encodeURIComponent(session?.userId ?? '')}`;
  const mayAdd = side === 'employee' || (session !== null && seesAllJobs(session.role));
  const dateOrder = list.params.sort === 'date' ? list.params.order : undefined;

  const columns: Column<PlainJob>[] = [
    ...COLUMNS,
    {
      header: 'Actions',
      sticky: 'end',
      render: (job) => (
        <RowActions
          what={`job ${job.jobNo}`}
          editTo={withDirection(paths.edit(job.jobNo), direction)}
          viewTo={withDirection(paths.view(job.jobNo), direction)}
        />
      ),
    },
  ];

  return (
    <JobsPage
      title="Today Job Inquiry"
      actions={
        mayAdd && (
          <Button component={Link} to={withDirection(addPath, direction)}>
            Add New Job
          </Button>
        )
      }
    >
      <BookingLinks entry={side} direction={direction} />
      <DataTable
        list={list}
        columns={columns}
        rowKey={(job) => job.jobNo}
        searchLabel="Search jobs"
        caption={`${direction} job inquiries`}
        emptyText={JobTexts.noWorklist}
        loadErrorText={JobTexts.worklistFailed}
        highlightRows
        toolbar={
          <Button variant="default" onClick={() => list.toggleSort('date')}>
            {dateOrder === 'desc' ? 'Date: newest first' : dateOrder === 'asc' ? 'Date: oldest first' : 'Sort by date'}
          </Button>
        }
      />
    </JobsPage>
  );
}

export const AdminWorklistPage = () => <WorklistPage side="admin" />;
export const EmployeeWorklistPage = () => <WorklistPage side="employee" />;

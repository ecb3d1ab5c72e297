import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Controller } from 'react-hook-form';
import { Alert, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  BOOKING_CONFIRMED,
  JOB_BODY_NAMES,
  JobTexts,
  SHIPMENT_STATES,
  SHIPMENT_STATUSES,
  api,
  bookingUpdateSchema,
  type BookingUpdate,
  type PlainJob,
} from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callApi, isApiError, toastSuccess, updateErrorText, useServerForm } from '@freight/web-kit';
import { PickerField } from '../jobs/job-fields.js';
import { JobsPage } from '../frame/jobs-page.js';
import { BOOKINGS_KEY } from './booking-sheet.page.js';
import { sheetPath, type BookingEntry } from './booking-paths.js';
import { bookingLoadErrorText, useBooking } from './use-booking.js';

/**
 * The form's values: what an input holds (text, a date as YYYY-MM-DD, a tick), and the version read;
 * by plain names, sent by the wire's (`JOB_BODY_NAMES`, ADR 56).
 */
export interface BookingFormValues {
  date: string;
  status: string;
  statusOfShipment: string;
  notify: string;
  shipperName: string;
  forwarderName: string;
  yardName: string;
  cartoons: string;
  cbm: string;
  weight: string;
  blNo: string;
  containerNo: string;
  vesselName: string;
  bookingNo: string;
  whArrivalDate: string;
  etd: string;
  eta: string;
  deStuff: string;
  doIssue: string;
  remarks: string;
  personalRemarks: string;
  jobStatus: boolean;
  statusUpdateToClient: boolean;
  proceedToProceeding: boolean;
  version: number;
}

type TextName = Exclude<keyof BookingFormValues, 'jobStatus' | 'statusUpdateToClient' | 'proceedToProceeding' | 'version'>;
const FIELDS = Object.keys({
  date: 1,
  status: 1,
  statusOfShipment: 1,
  notify: 1,
  shipperName: 1,
  forwarderName: 1,
  yardName: 1,
  cartoons: 1,
  cbm: 1,
  weight: 1,
  blNo: 1,
  containerNo: 1,
  vesselName: 1,
  bookingNo: 1,
  whArrivalDate: 1,
  etd: 1,
  eta: 1,
  deStuff: 1,
  doIssue: 1,
  remarks: 1,
  personalRemarks: 1,
  jobStatus: 1,
  statusUpdateToClient: 1,
  proceedToProceeding: 1,
} satisfies Record<Exclude<keyof BookingFormValues, 'version'>, 1>) as (keyof BookingFormValues)[];

const day = (value: string | null) => (value ? value.slice(0, 10) : '');

export function toFormValues(job: PlainJob): BookingFormValues {
  return {
    date: day(job.date),
    status: job.status,
    statusOfShipment: job.statusOfShipment ?? '',
    notify: job.notify ?? '',
    shipperName: job.shipperName ?? '',
    forwarderName: job.forwarderName ?? '',
    yardName: job.yardName ?? '',
    cartoons: String(job.cartoons),
    cbm: String(job.cbm),
    weight: String(job.weight),
    blNo: job.blNo,
    containerNo: job.containerNo,
    vesselName: job.vesselName,
    bookingNo: job.bookingNo,
    whArrivalDate: day(job.whArrivalDate),
    etd: day(job.etd),
    eta: day(job.eta),
    deStuff: day(job.deStuff),
    doIssue: day(job.doIssue),
    remarks: job.remarks,
    personalRemarks: job.personalRemarks,
    jobStatus: job.jobStatus,
    statusUpdateToClient: job.statusUpdateToClient,
    proceedToProceeding: job.proceedToProceeding,
    version: job.version,
  };
}

/** The fixed facts of the booking (requirements 02 §2: shown disabled). */
function FixedFields({ job }: { job: PlainJob }) {
  const fixed: [string, string][] = [
    ['Branch City', job.branchCity],
    ['Type of Shipment', job.typeOfShipment],
    ['Term of Shipment', job.termOfShipment],
    ['Consignee', job.consigneeName],
    ['Origin Port', job.originPort],
  ];
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
      {fixed.map(([label, value]) => (
        <TextInput key={label} label={label} value={value} disabled readOnly />
      ))}
    </SimpleGrid>
  );
}

interface BookingFormProps {
  job: PlainJob;
  entry: BookingEntry;
  onReload: () => void;
}

function BookingForm({ job, entry, onReload }: BookingFormProps) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [conflict, setConflict] = useState(false);
  const { form, submit, formError } = useServerForm<BookingFormValues, typeof JOB_BODY_NAMES>({
    schema: bookingUpdateSchema,
    names: JOB_BODY_NAMES,
    defaultValues: toFormValues(job),
    fields: FIELDS,
    errorText: (error) => updateErrorText(error, 'booking'),
    onSubmit: async (values) => {
      setConflict(false);
      try {
        // The resolver gave the schema's output (numbers, dates or null): the call's body.
        await callApi(api.shipmentsUpdateBooking, { params: { jobNo: job.jobNo }, body: values as BookingUpdate });
      } catch (error) {
        if (isApiError(error) && error.status === 409) setConflict(true);
        throw error;
      }
      await queryClient.invalidateQueries({ queryKey: [BOOKINGS_KEY] });
      toastSuccess(JobTexts.bookingUpdated);
      navigate(sheetPath(entry, job.direction));
    },
  });
  const { errors, isSubmitting } = form.formState;
  const error = (name: keyof BookingFormValues) => errors[name]?.message;
  const text = (name: TextName, label: string, props: { type?: string; inputMode?: 'decimal' | 'numeric'; required?: boolean } = {}) => (
    <TextInput label={label} {...props} {...form.register(name)} error={error(name)} />
  );
  const select = (name: TextName, label: string, data: { value: string; label: string }[]) => (
    <NativeSelect label={label} data={data} {...form.register(name)} error={error(name)} />
  );
  const tick = (name: 'jobStatus' | 'statusUpdateToClient' | 'proceedToProceeding', label: string, description?: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          description={description}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          checked={field.value === true}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          error={error(name)}
        />
      )}
    />
  );
  const status = form.watch('status');
  // requirements 02 §4: leaving Booking Confirmed resets Proceed to Proceeding (the service does the same).
  useEffect(() => {
    if (status !== BOOKING_CONFIRMED) form.setValue('proceedToProceeding', false);
  }, [status, form]);

  return (
    <form onSubmit={submit} noValidate aria-label={`Edit booking ${job.jobNo}`}>
      <Stack gap="md">
        <FixedFields job={job} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {text('date', 'Date', { type: 'date', required: true })}
          {select(
            'status',
            'Shipment Status',
            SHIPMENT_STATUSES.map((value) => ({ value, label: value })),
          )}
          {select('statusOfShipment', 'Status of Shipment', [{ value: '', label: 'N/A' }, ...SHIPMENT_STATES.map((value) => ({ value, label: value }))])}
          {/* The booking's own names, shown as saved (docs/adr/0041); cleared, a name is saved as none. */}
          <PickerField control={form.control} name="notify" label="Original Consignee (Notify)" reference="consignee" required={false} />
          <PickerField control={form.control} name="shipperName" label="Shipper" reference="shipper" required={false} />
          <PickerField control={form.control} name="forwarderName" label="Forwarder" reference="forwarder" required={false} />
          <PickerField control={form.control} name="yardName" label="Yard" reference="yard" required={false} />
          {text('cartoons', 'Cartoons', { inputMode: 'numeric' })}
          {text('cbm', 'CBM (volume)', { inputMode: 'decimal' })}
          {text('weight', 'Weight (kg)', { inputMode: 'decimal' })}
          {text('blNo', 'BL No')}
          {text('containerNo', 'Container No')}
          {text('vesselName', 'Vessel Name')}
          {text('bookingNo', 'Booking No')}
          {text('whArrivalDate', 'Warehouse Arrival Date', { type: 'date' })}
          {text('etd', 'ETD', { type: 'date' })}
          {text('eta', 'ETA', { type: 'date' })}
          {text('deStuff', 'De-stuff Date', { type: 'date' })}
          {text('doIssue', 'DO Issue Date', { type: 'date' })}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Textarea label="Additional Information" autosize minRows={3} {...form.register('remarks')} error={error('remarks')} />
          <Textarea label="Personal Information" autosize minRows={3} {...form.register('personalRemarks')} error={error('personalRemarks')} />
        </SimpleGrid>
        <Group gap="xl">
          {tick('jobStatus', 'Job Status Active', 'Untick when the job is finished (Inactive)')}
          {tick('statusUpdateToClient', 'Status Update to Client')}
          {status === BOOKING_CONFIRMED && tick('proceedToProceeding', 'Proceed to Proceeding')}
        </Group>
        {conflict ? (
          <Alert color="red" role="alert" variant="light" title="Not saved">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{JobTexts.changedByOthers}</Text>
              <Button size="xs" variant="default" onClick={onReload}>
                Reload booking
              </Button>
            </Stack>
          </Alert>
        ) : (
          formError && <ErrorNotice>{formError}</ErrorNotice>
        )}
        <Group>
          <Button type="submit" loading={isSubmitting}>
            Save
          </Button>
          <Button component={Link} to={sheetPath(entry, job.direction)} variant="default">
            {entry === 'admin' ? 'Daily Job Sheet' : 'Daily Booking Sheet'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Edit Booking (/editbooking/{jobNo} for Head and Admin, /editbookingemployee/{jobNo} for an
 * Employee; requirements 02 §2): the booking's fields, with branch, type, term, consignee and origin
 * shown disabled. The save sends the version read: a booking saved by someone else meanwhile is
 * refused (409) and the screen says so, with a way to reload it; the server's field errors (400)
 * show under their inputs. Saved, it goes back to the Daily Booking Sheet of the job's direction.
 */
export function BookingFormPage({ entry }: { entry: BookingEntry }) {
  const { jobNo, booking } = useBooking();
  // The form starts from the booking as loaded; a reload (after a 409) starts a new form.
  const [generation, setGeneration] = useState(0);
  const reload = () => void booking.refetch().then(() => setGeneration((g) => g + 1));

  let body;
  if (booking.isPending) body = <LoadingNotice />;
  else if (booking.isError) body = <ErrorNotice>{bookingLoadErrorText(booking.error)}</ErrorNotice>;
  else body = <BookingForm key={`${generation}:${booking.data.version}`} job={booking.data} entry={entry} onReload={reload} />;

  return (
    <JobsPage title="Edit Booking">
      <Text>
        Job No <strong>{jobNo}</strong>
        {booking.data && (
          <>
            {' '}
            · Assigned to <strong>{booking.data.user}</strong>
          </>
        )}
      </Text>
      {body}
    </JobsPage>
  );
}

export const AdminBookingFormPage = () => <BookingFormPage entry="admin" />;
export const EmployeeBookingFormPage = () => <BookingFormPage entry="employee" />;

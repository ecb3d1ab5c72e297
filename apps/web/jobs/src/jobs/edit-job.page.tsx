import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Controller } from 'react-hook-form';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { BOOKING_CONFIRMED, JOB_BODY_NAMES, JobTexts, jobUpdateOf, jobUpdateSchema, type JobUpdate, type PlainBody, type PlainJob } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callApi, isApiError, toastSuccess, updateErrorText, useServerForm, useSession } from '@freight/web-kit';
import { JobsPage } from '../frame/jobs-page.js';
import { useDirection, withDirection } from '../frame/direction.js';
import { JOBS_KEY, jobLoadErrorText, jobRoutes, useJob } from './job-data.js';
import { PickerField, ShipmentChoices, TextField } from './job-fields.js';
import type { Side } from './worklist.page.js';

const FIELDS = [
  'date',
  'userName',
  'termOfShipment',
  'typeOfShipment',
  'consigneeName',
  'originPort',
  'status',
  'remarks',
  'personalRemarks',
  'proceedToProceeding',
] as const;

/** The worklist of a side, in the screen's direction. */
export function useWorklistPath(side: Side): string {
  const session = useSession();
  const direction = useDirection();
  return withDirection(side === 'admin' ? '/worklistadmin' : `/worklistemployee/${encodeURIComponent(session?.userId ?? '')}`, direction);
}

function EditJobForm({ job, side, onReload }: { job: PlainJob; side: Side; onReload: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const worklist = useWorklistPath(side);
  const [conflict, setConflict] = useState(false);
  const { form, submit, formError } = useServerForm<PlainBody<JobUpdate>, typeof JOB_BODY_NAMES>({
    schema: jobUpdateSchema,
    names: JOB_BODY_NAMES,
    defaultValues: jobUpdateOf(job),
    fields: FIELDS,
    onSubmit: async (values) => {
      await callApi(side === 'admin' ? jobRoutes.shipmentsUpdateJobAsAdmin : jobRoutes.shipmentsUpdate, { params: { jobNo: job.jobNo }, body: values });
      await queryClient.invalidateQueries({ queryKey: [JOBS_KEY] });
      toastSuccess(JobTexts.jobUpdated);
      navigate(worklist);
    },
    errorText: (error) => {
      setConflict(isApiError(error) && error.status === 409);
      return updateErrorText(error, 'job');
    },
  });
  const { control, setValue } = form;
  const status = form.watch('status');
  const confirmed = status === BOOKING_CONFIRMED;
  // requirements 02 §4: a status other than Booking Confirmed resets "Proceed to Proceeding".
  useEffect(() => {
    if (!confirmed) setValue('proceedToProceeding', false);
  }, [confirmed, setValue]);

  return (
    <form onSubmit={submit} noValidate>
      <Stack maw={900}>
        {formError && (
          <ErrorNotice>
            <Group justify="space-between" gap="sm">
              <span>{formError}</span>
              {conflict && (
                <Button size="xs" variant="light" color="red" onClick={onReload}>
                  Reload the job
                </Button>
              )}
            </Group>
          </ErrorNotice>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField control={control} name="date" label="Date" type="date" />
          {side === 'admin' ? (
            <PickerField control={control} name="userName" label="User Name" reference="user" />
          ) : (
            <TextField control={control} name="userName" label="User Name" readOnly />
          )}
          <ShipmentChoices control={control} />
        </SimpleGrid>
        <TextField control={control} name="remarks" label="Additional Information" type="textarea" required={false} />
        <TextField control={control} name="personalRemarks" label="Personal Information" type="textarea" required={false} />
        {confirmed && (
          <Controller
            control={control}
            name="proceedToProceeding"
            render={({ field, fieldState }) => (
              <Checkbox
                label="Proceed to Proceeding"
                checked={field.value === true}
                onChange={(event) => field.onChange(event.currentTarget.checked)}
                onBlur={field.onBlur}
                ref={field.ref}
                error={fieldState.error?.message}
              />
            )}
          />
        )}
        <Group>
          <Button type="submit" loading={form.formState.isSubmitting}>
            Save
          </Button>
          <Button component={Link} to={worklist} variant="default">
            Today Job Inquiry
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Edit Job (requirements 02 §2): editjobadmin/{jobNo}, editjobemployee/{jobNo}; the header names the job and its assignee. */
export function EditJobPage({ side }: { side: Side }) {
  const { jobNo = '' } = useParams();
  const job = useJob(jobNo);
  const worklist = useWorklistPath(side);
  return (
    <JobsPage title={`Edit Job ${job.data?.jobNo ?? jobNo}`}>
      {job.data && (
        <Text>
          Assigned to <strong>{job.data.user}</strong>
        </Text>
      )}
      {job.isPending ? (
        <LoadingNotice />
      ) : job.isError ? (
        <Stack align="flex-start">
          <ErrorNotice>{jobLoadErrorText(job.error)}</ErrorNotice>
          <Button component={Link} to={worklist} variant="default">
            Today Job Inquiry
          </Button>
        </Stack>
      ) : (
        // A reload after "changed by someone else" starts the form again from the saved job.
        <EditJobForm key={job.data.version} job={job.data} side={side} onReload={() => void job.refetch()} />
      )}
    </JobsPage>
  );
}

export const AdminEditJobPage = () => <EditJobPage side="admin" />;
export const EmployeeEditJobPage = () => <EditJobPage side="employee" />;

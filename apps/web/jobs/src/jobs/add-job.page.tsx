import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { JOB_BODY_NAMES, JobTexts, jobAddOwnSchema, jobAddSchema, type JobAdd, type PlainBody } from '@freight/contracts';
import { ErrorNotice, FormActions, callApi, serverMessage, toastSuccess, useServerForm, useSession } from '@freight/web-kit';
import { JobsPage } from '../frame/jobs-page.js';
import { useDirection, withDirection } from '../frame/direction.js';
import { JOBS_KEY, jobRoutes, today } from './job-data.js';
import { PickerField, ShipmentChoices, TextField } from './job-fields.js';

/** Who adds: Admin (adminadd) and Head (branchadminadd) choose the assignee; an Employee's job is theirs. */
export type Adder = 'admin' | 'head' | 'employee';

const FIELDS = [
  'userName',
  'branchCity',
  'date',
  'consigneeName',
  'originPort',
  'typeOfShipment',
  'termOfShipment',
  'status',
  'remarks',
  'personalRemarks',
] as const;

/**
 * Add job (requirements 02 §2, §5): addjobadmin, addjobhead, addjobemployee/{user_id}. A new job is an
 * inquiry of the screen's direction on "Today Job Inquiry"; its number comes from the server.
 */
export function AddJobPage({ adder }: { adder: Adder }) {
  const session = useSession();
  const { user_id } = useParams();
  const direction = useDirection();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const own = adder === 'employee';
  const worklist = own ? `/worklistemployee/${encodeURIComponent(user_id ?? '')}` : '/worklistadmin';

  const { form, submit, formError } = useServerForm<PlainBody<JobAdd>, typeof JOB_BODY_NAMES>({
    schema: own ? jobAddOwnSchema : jobAddSchema,
    names: JOB_BODY_NAMES,
    defaultValues: {
      direction,
      userName: own ? (session?.fullName ?? '') : '',
      branchCity: '',
      date: today(),
      consigneeName: '',
      originPort: '',
      typeOfShipment: '',
      termOfShipment: '',
      status: '' as JobAdd['ShipmentStatus'],
      remarks: '',
      personalRemarks: '',
    },
    fields: FIELDS,
    onSubmit: async (values) => {
      if (adder === 'employee') {
        const { userName, ...body } = values;
        await callApi(jobRoutes.shipmentsAdd, { params: { user_id: user_id ?? '' }, body: { ...body, assignedTo: userName } });
      } else {
        await callApi(adder === 'head' ? jobRoutes.shipmentsAddJobAsHead : jobRoutes.shipmentsAddJobAsAdmin, { body: values });
      }
      await queryClient.invalidateQueries({ queryKey: [JOBS_KEY] });
      toastSuccess(JobTexts.jobAdded);
      navigate(withDirection(worklist, direction));
    },
    errorText: (error) => serverMessage(error, JobTexts.addFailed),
  });
  const { control } = form;

  return (
    <JobsPage title={`Add ${direction} Job`}>
      <form onSubmit={submit} noValidate>
        <Stack maw={900}>
          {formError && <ErrorNotice>{formError}</ErrorNotice>}
          <Text size="sm" c="dimmed">
            Direction: {direction}. The job number is given when the job is saved.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {own ? (
              <TextField control={control} name="userName" label="User Name" readOnly />
            ) : (
              <PickerField control={control} name="userName" label="User Name" reference="user" />
            )}
            <PickerField control={control} name="branchCity" label="Branch City" reference="branch" />
            <TextField control={control} name="date" label="Date" type="date" />
            <ShipmentChoices control={control} />
          </SimpleGrid>
          <TextField control={control} name="remarks" label="Additional Information" type="textarea" required={false} />
          <TextField control={control} name="personalRemarks" label="Personal Information" type="textarea" required={false} />
          <FormActions submitLabel="Add Job" submitting={form.formState.isSubmitting} cancelTo={withDirection(worklist, direction)} />
        </Stack>
      </form>
    </JobsPage>
  );
}

export const AdminAddJobPage = () => <AddJobPage adder="admin" />;
export const HeadAddJobPage = () => <AddJobPage adder="head" />;
export const EmployeeAddJobPage = () => <AddJobPage adder="employee" />;

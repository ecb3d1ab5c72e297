import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { counterSetSchema } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, PageFrame, callRoute, isApiError, toastSuccess, useServerForm, type CallableRoute } from '@freight/web-kit';

/** The counter calls (`POST <counter>/get`, `POST <counter>/set`): both answer `{counter}`, the set a message too. */
interface CounterRoutes {
  get: CallableRoute;
  set: CallableRoute;
}

/** A counter screen's texts: requirements 02 §5 and §8 ("Invalid counter value. …", "Failed to fetch … counter.", …). */
export interface CounterPageTexts {
  invalid: string;
  fetchFailed: string;
  updateFailed: string;
  updated: string;
}

interface CounterPageProps {
  title: string;
  /** The query cache's name of the counter. */
  queryKey: string;
  routes: CounterRoutes;
  texts: CounterPageTexts;
}

/**
 * A counter screen (Manage Shipment Counter, Manage Voucher Counter; requirements 02 §2, Head): the current
 * value, a new value and "Update Counter". A value that is not a whole number 0 or more is refused
 * with the spec's text; one that would give a number again is refused by the server (409), which
 * says why.
 */
export function CounterPage({ title, queryKey, routes, texts }: CounterPageProps) {
  const counter = useQuery({
    queryKey: [queryKey],
    queryFn: ({ signal }) => callRoute(routes.get, undefined, { signal }) as Promise<{ counter: number }>,
    retry: false,
  });
  const { form, submit, formError } = useServerForm<{ newCounterValue: string }>({
    schema: counterSetSchema,
    defaultValues: { newCounterValue: '' },
    // The server's refusal is a sentence under the input (formError), not a field error.
    fields: [],
    // Any problem of the value is the spec's one sentence, not the schema's own words.
    formRule: (values) => (counterSetSchema.safeParse(values).success ? undefined : texts.invalid),
    onSubmit: async (body) => {
      const reply = (await callRoute(routes.set, { body })) as { message?: string };
      toastSuccess(reply.message || texts.updated);
      form.reset({ newCounterValue: '' });
      await counter.refetch();
    },
    errorText: (failure) => (isApiError(failure) && failure.fromServer && failure.status < 500 ? failure.message : texts.updateFailed),
  });

  return (
    <PageFrame title={title}>
      <Stack maw={480}>
        {counter.isPending ? (
          <LoadingNotice />
        ) : counter.isError ? (
          <ErrorNotice>{texts.fetchFailed}</ErrorNotice>
        ) : (
          <Text size="lg">
            Current counter: <strong>{counter.data.counter}</strong>
          </Text>
        )}
        <form noValidate onSubmit={(event) => void submit(event)}>
          <Group align="flex-end">
            <TextInput label="New counter value" inputMode="numeric" {...form.register('newCounterValue')} error={formError} />
            <Button type="submit" loading={form.formState.isSubmitting}>
              Update Counter
            </Button>
          </Group>
        </form>
      </Stack>
    </PageFrame>
  );
}

import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { CounterTexts, counterSetSchema, shipmentCounter } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, callApi, isApiError, toastSuccess } from '@freight/web-kit';
import { JobsPage } from '../frame/jobs-page.js';

const routes = shipmentCounter.routes;

/**
 * Manage Shipment Counter (spec 02 §2, Head): the current value, a new value and "Update
 * Counter". A value that is not a whole number 0 or more is refused with the spec's text; one
 * that would give a job number again is refused by the server (409), which says why.
 */
export function ShipmentCounterPage() {
  const counter = useQuery({
    queryKey: ['shipmentcounter'],
    queryFn: ({ signal }) => callApi(routes.shipmentcounterGet, undefined, { signal }),
    retry: false,
  });
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const update = async () => {
    setError(null);
    const parsed = counterSetSchema.safeParse({ newCounterValue: value });
    if (!parsed.success) return setError(CounterTexts.invalid);
    setSaving(true);
    try {
      const reply = await callApi(routes.shipmentcounterSet, { body: parsed.data });
      toastSuccess(reply.message || CounterTexts.updated);
      setValue('');
      await counter.refetch();
    } catch (failure) {
      setError(isApiError(failure) && failure.fromServer && failure.status < 500 ? failure.message : CounterTexts.updateFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <JobsPage title="Manage Shipment Counter">
      <Stack maw={480}>
        {counter.isPending ? (
          <LoadingNotice />
        ) : counter.isError ? (
          <ErrorNotice>{CounterTexts.fetchFailed}</ErrorNotice>
        ) : (
          <Text size="lg">
            Current counter: <strong>{counter.data.counter}</strong>
          </Text>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void update();
          }}
        >
          <Group align="flex-end">
            <TextInput label="New counter value" inputMode="numeric" value={value} onChange={(event) => setValue(event.currentTarget.value)} error={error} />
            <Button type="submit" loading={saving}>
              Update Counter
            </Button>
          </Group>
        </form>
      </Stack>
    </JobsPage>
  );
}

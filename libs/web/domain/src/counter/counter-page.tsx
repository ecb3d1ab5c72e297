import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { counterSetSchema } from '@freight/contracts';
import { ErrorNotice, LoadingNotice, PageFrame, callRoute, isApiError, toastSuccess, type CallableRoute } from '@freight/web-kit';

/** The counter calls (`POST <counter>/get`, `POST <counter>/set`): both answer `{counter}`, the set a message too. */
interface CounterRoutes {
  get: CallableRoute;
  set: CallableRoute;
}

/** A counter screen's texts: spec 02 §5 and §8 ("Invalid counter value. …", "Failed to fetch … counter.", …). */
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
 * A counter screen (Manage Shipment Counter, Manage Voucher Counter; spec 02 §2, Head): the current
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
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const update = async () => {
    setError(null);
    const parsed = counterSetSchema.safeParse({ newCounterValue: value });
    if (!parsed.success) return setError(texts.invalid);
    setSaving(true);
    try {
      const reply = (await callRoute(routes.set, { body: parsed.data })) as { message?: string };
      toastSuccess(reply.message || texts.updated);
      setValue('');
      await counter.refetch();
    } catch (failure) {
      setError(isApiError(failure) && failure.fromServer && failure.status < 500 ? failure.message : texts.updateFailed);
    } finally {
      setSaving(false);
    }
  };

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
    </PageFrame>
  );
}

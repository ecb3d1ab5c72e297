import { Link, useParams } from 'react-router-dom';
import { Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { can } from '@freight/contracts';
import { isApiError } from './api-client.js';
import { textOrNA } from './format.js';
import { ErrorNotice, LoadingNotice } from './pages.js';
import { useRecord } from './resource-form-page.js';
import { screenTexts, type ScreenTexts } from './resource-texts.js';
import { fieldText, type FormResource, type RecordOf } from './resource-types.js';
import { useSession } from './use-session.js';

/** An entity's view screen as data: the fields shown, in order, and the ways on. */
export interface ResourceViewConfig<R extends FormResource> {
  resource: R;
  fields: readonly { name: string; label: string }[];
  /** The list, relative to the view's route. */
  listPath: string;
  /** The record's edit screen, shown to the roles that may write in the resource's area. */
  editPath: (record: RecordOf<R>) => string;
  texts?: Partial<ScreenTexts>;
}

/**
 * The view screen of an entity (`viewforwarder/:Forwarder`): the record loaded by its natural key
 * (the `get` route), each field as a label and its value ('N/A' when empty), with a way back
 * to the list and, for the roles that may, to the edit screen. Requirements 01 §8's texts when it
 * cannot be shown: 'No forwarder data found' (404), else 'Error fetching forwarder details'.
 */
export function ResourceViewPage<R extends FormResource>({ config }: { config: ResourceViewConfig<R> }) {
  const { resource } = config;
  const texts = screenTexts(resource, config.texts);
  const session = useSession();
  const record = useRecord(resource, useParams()[resource.naturalKey] ?? '');

  let body;
  if (record.isPending) body = <LoadingNotice />;
  else if (record.isError)
    body = <ErrorNotice>{isApiError(record.error) && record.error.status === 404 ? texts.viewNotFound : texts.viewLoadError}</ErrorNotice>;
  else
    body = (
      <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} maw={720} m={0}>
        {config.fields.map(({ name, label }) => (
          <div key={name}>
            <Text component="dt" fw={600} size="sm">
              {label}
            </Text>
            <Text component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {textOrNA(fieldText(record.data, name))}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    );

  return (
    <Stack>
      <Title order={2}>{texts.viewTitle}</Title>
      {body}
      <Group>
        <Button component={Link} to={config.listPath} variant="default">
          Back to {texts.listTitle}
        </Button>
        {record.data && session && can(session.role, resource.area, 'write') && (
          <Button component={Link} to={config.editPath(record.data)}>
            {texts.editTitle}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

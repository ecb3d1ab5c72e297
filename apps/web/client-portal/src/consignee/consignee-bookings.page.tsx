import { Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { announcements as announcementDefs } from '@freight/contracts';
import { callApi, useClientSession } from '@freight/web-kit';
import { NewsTicker } from '@freight/web-domain/client';
import { ClientFrame } from '../frame/client-frame.js';
import { ClientBookingList } from '../bookings/booking-list.js';

export const NO_ANNOUNCEMENTS = 'No active announcements.';

/** The consignee's active announcements (`consigneeanc/active/{username}`); a failure is only logged (requirements 02 §8). */
function Announcements({ username }: { username: string }) {
  const announcements = useQuery({
    queryKey: ['client-announcements', username],
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(announcementDefs.routes.consigneeancActive, { params: { username } }, { signal })).data;
      } catch (error) {
        console.error('Announcements could not be loaded', error);
        return [];
      }
    },
  });
  const items = announcements.data ?? [];
  return (
    <Paper component="section" aria-labelledby="announcements-title" withBorder p="md">
      <Title order={3} size="h4" id="announcements-title" mb="xs">
        Announcements
      </Title>
      {announcements.isPending ? (
        <Text>Loading...</Text>
      ) : items.length === 0 ? (
        <Text>{NO_ANNOUNCEMENTS}</Text>
      ) : (
        <Stack component="ul" gap="xs" m={0} pl="lg">
          {items.map((item) => (
            <li key={item._id}>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.annoucment}</Text>
            </li>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

/**
 * Ocean Visibility (/consigneeshipmentview, requirements 02 §2): the news ticker, the consignee's active
 * announcements and their own bookings (without assignee, consignee and job status), each with
 * its view.
 */
export function ConsigneeBookingsPage() {
  const session = useClientSession();
  return (
    <ClientFrame title="Ocean Visibility">
      <NewsTicker />
      <Announcements username={session?.username ?? ''} />
      <ClientBookingList role="consignee" />
    </ClientFrame>
  );
}

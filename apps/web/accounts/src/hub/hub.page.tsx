import { SimpleGrid, Stack, Text } from '@mantine/core';
import { PageFrame, Tile, lazyScreen, useSession } from '@freight/web-kit';
import { accountsPath } from '../paths.js';

// Loaded after the tiles: its charts never hold up the hub.
const ReceivablesAtAGlance = lazyScreen(() => import('../receivables/receivables-at-a-glance.js').then((m) => m.ReceivablesAtAGlance));

/** The hub's tiles (requirements 02 §2), in its order, and the statement of account (issue 21). */
export const HUB_TILES = [
  ['Debit Payments', accountsPath('debitpayment')],
  ['View Debit Entries', accountsPath('viewdebit')],
  ['Credit Payments', accountsPath('creditpayment')],
  ['View Credit Entries', accountsPath('viewcredit')],
  ['Credit Counter', accountsPath('managevouchercounter')],
  ['Statement of Account', accountsPath('statement')],
] as const;

/**
 * The accounts hub (/admindashboard/accounts, Head): a tile per accounts screen, the signed-in
 * role, and below them "Receivables at a glance" (src/receivables/).
 */
export function AccountsHubPage() {
  const session = useSession();
  return (
    <PageFrame title="Accounts">
      <Stack gap="lg">
        <Text>
          Signed in as: <strong>{session?.role}</strong>
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} maw={960}>
          {HUB_TILES.map(([label, to]) => (
            <Tile key={label} label={label} to={to} />
          ))}
        </SimpleGrid>
        <ReceivablesAtAGlance />
      </Stack>
    </PageFrame>
  );
}

import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import { companyRoutes, copyrightText, phoneHref, type CompanyProfile } from '@freight/contracts';
import { callApi } from './api-client.js';

let loading: Promise<CompanyProfile> | undefined;

/**
 * The company's details from `GET /api/company` (the gateway's configuration, docs/adr/0044-company-profile.md):
 * one call per page load, shared by every footer of the app; a failed call is tried again by the next.
 * A plain fetch like the news ticker's: the portal's sign-in page has no query client. The route from
 * its own table, not the whole `api` one, which would weigh on that first render.
 */
function loadCompany(): Promise<CompanyProfile> {
  loading ??= callApi(companyRoutes.company, undefined, { auth: false }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** The company profile, `null` until it is loaded (or when it cannot be: logged, the footer then shows the year alone). */
export function useCompany(): CompanyProfile | null {
  const [company, setCompany] = useState<CompanyProfile | null>(null);
  useEffect(() => {
    let mounted = true;
    loadCompany().then(
      (profile) => mounted && setCompany(profile),
      (error: unknown) => console.error('The company details could not be loaded', error),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return company;
}

/**
 * The footer of the console's and the portal's pages: the current year and the company's name, as on
 * the microsite, then its address, phone and e-mail (below Mantine's `sm` breakpoint the line alone:
 * a phone's screen is for the page).
 */
export function CompanyFooter() {
  const company = useCompany();
  return (
    <Text component="footer" size="xs" c="dimmed" ta="center" py={4} data-company-footer>
      {company ? copyrightText(company.name) : `© ${new Date().getFullYear()}`}
      {company && (
        <Text span inherit visibleFrom="sm">
          {' · '}
          {company.address} · Phone:{' '}
          <Text component="a" inherit td="underline" href={phoneHref(company.phone)}>
            {company.phone}
          </Text>
          {' · '}
          <Text component="a" inherit td="underline" href={`mailto:${company.email}`}>
            {company.email}
          </Text>
        </Text>
      )}
    </Text>
  );
}

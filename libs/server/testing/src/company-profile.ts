/**
 * A company profile unlike the development default (docs/adr/0044-company-profile.md), as the
 * environment gives it: tests start a gateway or a service with it and look for each value.
 */
export const TEST_COMPANY_PROFILE = {
  COMPANY_NAME: 'Lanka Ocean Lines (Pvt) Ltd',
  COMPANY_ADDRESS: '45 Harbour Street, Colombo 01',
  COMPANY_PHONE: '+94 11 234 5678',
  SUPPORT_EMAIL: 'hello@lanka-ocean.example',
  COMPANY_LOGO_URL: 'https://cdn.lanka-ocean.example/logo.png',
} as const;

import { z } from 'zod/mini';
import type { ApiRoute } from './resource.js';

/*
 * The company's own details (name, address, phone, e-mail, logo): set once in configuration and shown
 * on the microsite, in every e-mail, on every PDF and in the footers (docs/adr/0044-company-profile.md).
 * What the web apps bundle; the variables it is read from are in company-env.ts (servers and builds).
 */

/** The profile as the screens, e-mails and PDFs read it (and `GET /api/company` answers it). */
export const companyProfileSchema = z.object({
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  /** An absolute URL of the logo, or '' for none (the name is shown alone). */
  logoUrl: z.string(),
});
export type CompanyProfile = z.infer<typeof companyProfileSchema>;

/** The footers' line, the same on every site: the current year, never a fixed one. */
export const copyrightText = (name: string, year = new Date().getFullYear()) => `© ${year} ${name}. All rights reserved.`;

/** `+92 21 3555 0100` → `tel:+922135550100`. */
export const phoneHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

export const companyRoutes = {
  company: {
    method: 'GET',
    path: '/api/company',
    summary: "The company's own details (name, address, phone, e-mail, logo) for the footers: public, cached for 5 minutes",
    access: 'public',
    reply: companyProfileSchema,
    status: 200,
  },
} as const satisfies Record<string, ApiRoute>;

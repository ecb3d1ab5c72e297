import { z } from 'zod/mini';
import type { CompanyProfile } from './company.js';

// The company profile's variables (docs/adr/0044-company-profile.md), apart from company.ts: the servers and
// the microsite's build read them; the web apps' bundles never need these schemas.

const line = (variable: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${variable} must not be empty`),
      z.maxLength(max, `${variable} must be at most ${max} characters`),
      z.regex(/^\P{Cc}*$/u, `${variable} must be one line without control characters`),
    );

/**
 * The variables it is read from, each with its development default. The e-mail is SUPPORT_EMAIL: the
 * inbox the contact form writes to is the address the company shows.
 */
export const companyEnvSchema = z.object({
  COMPANY_NAME: z._default(line('COMPANY_NAME', 100), 'Freight Forwarding'),
  COMPANY_ADDRESS: z._default(line('COMPANY_ADDRESS', 200), 'Harbour House, 12 Quay Road, Port District 74000'),
  COMPANY_PHONE: z._default(
    line('COMPANY_PHONE', 40).check(z.regex(/^\+?[\d\s()-]{6,}$/, 'COMPANY_PHONE must be a phone number such as +92 21 3555 0100')),
    '+92 21 3555 0100',
  ),
  SUPPORT_EMAIL: z._default(z.email('SUPPORT_EMAIL must be an e-mail address'), 'support@freight.localhost'),
  // A pattern, not zod's URL schema: the web apps share a curated set of zod's names (docs/adr/0018-federation-shared-libraries.md).
  COMPANY_LOGO_URL: z._default(z.string().check(z.regex(/^(https?:\/\/[^\s"'<>]+)?$/, 'COMPANY_LOGO_URL must be an http(s) URL')), ''),
});

export type CompanyEnv = z.infer<typeof companyEnvSchema>;

/**
 * The profile from environment variables (blank ones take their default), or from a server's config
 * that parsed them already; throws naming each bad variable.
 */
export function companyProfileFromEnv(env: { readonly [key: string]: unknown }): CompanyProfile {
  const present = Object.fromEntries(
    Object.keys(companyEnvSchema.shape).flatMap((key) => (typeof env[key] === 'string' && env[key].trim() !== '' ? [[key, env[key]]] : [])),
  );
  const result = companyEnvSchema.safeParse(present);
  if (!result.success) throw new Error(`Invalid company profile: ${result.error.issues.map((issue) => issue.message).join('; ')}`);
  const { COMPANY_NAME, COMPANY_ADDRESS, COMPANY_PHONE, SUPPORT_EMAIL, COMPANY_LOGO_URL } = result.data;
  return { name: COMPANY_NAME, address: COMPANY_ADDRESS, phone: COMPANY_PHONE, email: SUPPORT_EMAIL, logoUrl: COMPANY_LOGO_URL };
}

import { createContext, use, type ReactNode } from 'react';
import { companyProfileFromEnv, phoneHref, type CompanyProfile } from '@freight/contracts';

const font = 'Arial, Helvetica, sans-serif';

/** The company whose details sign every e-mail: the configured profile (renderMail provides it), the development one by default. */
export const CompanyContext = createContext<CompanyProfile>(companyProfileFromEnv({}));

/** The frame every e-mail shares: a heading, the content, the company's signature. Inline styles only (mail clients drop style sheets). */
export function Layout({ title, preview, children }: { title: string; preview: string; children: ReactNode }) {
  const company = use(CompanyContext);
  return (
    <html lang="en">
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <title>{title}</title>
      </head>
      <body style={{ backgroundColor: '#f4f6f8', margin: 0, padding: '24px 0', fontFamily: font }}>
        {/* The inbox's preview line; not part of the plain text, which has the same words below. */}
        <div data-skip-in-text="true" style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>
          {preview}
        </div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ maxWidth: 600, margin: '0 auto', backgroundColor: '#ffffff' }}>
          <tbody>
            <tr>
              <td style={{ padding: '24px 32px', color: '#1f2933', fontSize: 15, lineHeight: '22px' }}>
                <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{title}</h1>
                {children}
                <Signature company={company} />
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

/** The company's logo (when configured), name, address, phone and e-mail, at the foot of every e-mail (docs/adr/0044-company-profile.md). */
function Signature({ company }: { company: CompanyProfile }) {
  return (
    <div style={{ marginTop: 24, paddingTop: 12, borderTop: '1px solid #d9e2ec', color: '#52606d', fontSize: 13, lineHeight: '19px' }}>
      {company.logoUrl && <img src={company.logoUrl} alt="" height={32} style={{ display: 'block', marginBottom: 8 }} />}
      <p style={{ margin: 0, color: '#1f2933', fontWeight: 700 }}>{company.name}</p>
      <p style={{ margin: 0 }}>{company.address}</p>
      <p style={{ margin: 0 }}>
        Phone: <a href={phoneHref(company.phone)}>{company.phone}</a> · E-mail: <a href={`mailto:${company.email}`}>{company.email}</a>
      </p>
    </div>
  );
}

/** Label and value lines, "Label: value" in the HTML and in the plain text alike. */
export function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <div style={{ margin: '12px 0' }}>
      {rows.map(([label, value]) => (
        <p key={label} style={{ margin: '4px 0' }}>
          <span style={{ color: '#52606d' }}>{label}:</span> <strong>{value}</strong>
        </p>
      ))}
    </div>
  );
}

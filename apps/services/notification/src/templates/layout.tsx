import type { ReactNode } from 'react';

const font = 'Arial, Helvetica, sans-serif';

/** The frame every e-mail shares: a heading, the content, the signature. Inline styles only (mail clients drop style sheets). */
export function Layout({ title, preview, children }: { title: string; preview: string; children: ReactNode }) {
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
                <p style={{ marginTop: 24 }}>Freight Forwarding</p>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
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

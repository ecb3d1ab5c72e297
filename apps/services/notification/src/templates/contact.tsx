import type { ContactMailData } from '@freight/contracts';
import { Facts, Layout } from './layout.js';

export const contactMessageSubject = (data: ContactMailData) => `Contact form: message from ${data.fullName}`;

/** When it came, as the console writes a date and time (dd/mm/yyyy hh:mm), in UTC and saying so. */
const receivedFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' });
const received = (iso: string) => `${receivedFormat.format(new Date(iso)).replace(',', '')} UTC`;

/** A contact form message for the support inbox; a reply goes to the sender (the e-mail's Reply-To). */
export function ContactMessage({ data }: { data: ContactMailData }) {
  return (
    <Layout title={contactMessageSubject(data)} preview={data.message.slice(0, 90)}>
      <Facts
        rows={[
          ['From', data.fullName],
          ['Email', data.email],
          ['Received', received(data.receivedAt)],
        ]}
      />
      <p>
        {data.message.split('\n').map((line, i) => (
          <span key={i}>
            {i > 0 && <br />}
            {line}
          </span>
        ))}
      </p>
      <p>We promise the sender a reply within 24 hours.</p>
    </Layout>
  );
}

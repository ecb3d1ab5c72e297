import { z } from 'zod/mini';
import { emailField, keyText, multilineText, optionalPhoneField, optionalText } from '../fields.js';
import { defineMasterData, masterDataSchemas } from '../master-data.js';

// Made by `npm run new:resource -- directory forwarder --fields Forwarder:key,email:email,contact?:phone,address?:text(200),remarks?:multiline --rename newForwarderName --view`.

/** Forwarders: the standard master-data calls at /api/forwarders/..., keyed by the forwarder name; the update body renames with newForwarderName. */
export const forwarders = defineMasterData({
  service: 'directory',
  name: 'forwarder',
  keyLabel: 'Forwarder name',
  view: true,
  schemas: masterDataSchemas(
    'Forwarder',
    {
      Forwarder: keyText('Forwarder name', 100),
      email: emailField,
      contact: z._default(optionalPhoneField('Contact'), ''),
      address: z._default(optionalText('Address', 200), ''),
      remarks: z._default(multilineText('Remarks'), ''),
    },
    { Forwarder: 'newForwarderName' },
  ),
  sortFields: ['Forwarder', 'email', 'contact', 'address'],
});

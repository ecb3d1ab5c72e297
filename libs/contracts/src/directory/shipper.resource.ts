import { z } from 'zod';
import { PasswordMessages, multilineText, passwordIsUsername, requiredText } from '../fields.js';
import { defineMasterData } from '../master-data.js';
import { keyParam } from '../resource.js';
import { clientAccountFields, clientFacts, clientMobileField, optionalPasswordField, updateDataBody } from './client-account.js';

/* Made by `npm run new:resource -- directory shipper`, then given a client sign-in and the spec's id in URLs. */

export const shipperSchema = z.object({
  shipper_id: z.string(),
  shipperName: z.string(),
  username: z.string(),
  email: z.string(),
  address: z.string(),
  mobile: z.string(),
  handlingPersonName: z.string(),
  remarks: z.string(),
});
export type Shipper = z.infer<typeof shipperSchema>;

const notUsername = (shipper: { username?: string; password?: string }) => !passwordIsUsername(shipper.password, shipper.username);
const notUsernameIssue = { error: PasswordMessages.sameAsUsername, path: ['password'] };

const shipperFields = z.object({
  shipperName: requiredText('Shipper name', 100),
  ...clientAccountFields,
  address: requiredText('Address', 200),
  mobile: clientMobileField(true),
  remarks: multilineText('Remarks').default(''),
});

/** Add (spec 01 §5): every field required but the remarks. */
export const shipperCreateSchema = shipperFields.refine(notUsername, notUsernameIssue);
export type ShipperCreate = z.infer<typeof shipperCreateSchema>;

/**
 * Edit: PUT update/{id} with `{updateData}`. Name, username, email and handling person required
 * (the username read-only: sent again unchanged); a blank or absent password keeps the current
 * one; address, mobile and remarks, when absent, stay.
 */
export const shipperUpdateDataSchema = shipperFields
  .extend({
    password: optionalPasswordField,
    address: shipperFields.shape.address.optional(),
    mobile: shipperFields.shape.mobile.optional(),
    remarks: multilineText('Remarks').optional(),
  })
  .refine(notUsername, notUsernameIssue);
export const shipperUpdateSchema = updateDataBody(shipperUpdateDataSchema);
export type ShipperUpdate = z.infer<typeof shipperUpdateSchema>;

const idParam = keyParam('shipper_id', 'Shipper ID');

/** Shippers (spec 01 §2, §5, §7): named in URLs by their id; the name is unique whatever its case. */
export const shippers = defineMasterData({
  service: 'directory',
  ...clientFacts('shipper', 'Shipper'),
  schemas: { record: shipperSchema, create: shipperCreateSchema, update: shipperUpdateSchema },
  operations: {
    search: {
      method: 'GET',
      path: '/api/shippers/search/{shipper_id}',
      summary: 'The shipper with this id, as a list (the view screen)',
      action: 'read',
      params: idParam,
      reply: z.object({ success: z.literal(true), shippers: z.array(shipperSchema) }),
    },
    unique: { method: 'GET', path: '/api/shippers/unique', summary: 'Every shipper name, sorted', action: 'read', reply: z.array(z.string()) },
  },
});

import { z } from 'zod/mini';
import { multilineText, requiredText } from '../fields.js';
import { PasswordMessages, passwordIsUsername } from '../password.js';
import { defineMasterData } from '../master-data.js';
import { clientAccountFields, clientFacts, clientOperations, clientMobileField, optionalPasswordField, updateDataBody } from './client-account.js';

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
  remarks: z._default(multilineText('Remarks'), ''),
});

/** Add (requirements 01 §5): every field required but the remarks. */
export const shipperCreateSchema = shipperFields.check(z.refine(notUsername, notUsernameIssue));
export type ShipperCreate = z.infer<typeof shipperCreateSchema>;

/**
 * Edit: PUT update/{id} with `{updateData}`. Name, username, email and handling person required
 * (the username read-only: sent again unchanged); a blank or absent password keeps the current
 * one; address, mobile and remarks, when absent, stay.
 */
export const shipperUpdateDataSchema = z
  .extend(shipperFields, {
    password: optionalPasswordField,
    address: z.optional(shipperFields.shape.address),
    mobile: z.optional(shipperFields.shape.mobile),
    remarks: z.optional(multilineText('Remarks')),
  })
  .check(z.refine(notUsername, notUsernameIssue));
export const shipperUpdateSchema = updateDataBody(shipperUpdateDataSchema);

/** Shippers (requirements 01 §2, §5, §7): named in URLs by their id; the name is unique whatever its case. */
export const shippers = defineMasterData({
  service: 'directory',
  ...clientFacts('shipper', 'Shipper'),
  schemas: { record: shipperSchema, create: shipperCreateSchema, update: shipperUpdateSchema },
  operations: clientOperations('shipper', 'Shipper', shipperSchema),
});

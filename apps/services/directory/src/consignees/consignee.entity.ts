import { Column, Entity } from 'typeorm';
import type { Consignee } from '@freight/contracts';
import { ClientEntity } from '../clients/client.entity.js';

/** directory.consignee: a client (ClientEntity) with its name, additional e-mails and money as numeric (a string). */
@Entity({ name: 'consignee', schema: 'directory' })
export class ConsigneeEntity extends ClientEntity {
  @Column('text', { name: 'consignee_name' })
  consigneeName!: string;

  @Column('text', { name: 'additional_emails', array: true, default: () => `'{}'` })
  additionalEmails!: string[];

  @Column('numeric', { name: 'opening_balance', precision: 14, scale: 2 })
  openingBalance!: string;

  /** The balance owed as the accounts service last announced it (BalanceCopy). */
  @Column('numeric', { name: 'balance_owed', precision: 20, scale: 2 })
  balanceOwed!: string;
}

/** The public shape: never the password's hash. */
export function toConsignee(row: ConsigneeEntity): Consignee {
  const { id, consigneeName, username, email, additionalEmails, address, mobile, handlingPersonName, remarks, openingBalance, balanceOwed } = row;
  return {
    consignee_id: id,
    consigneeName,
    username,
    email,
    additionalEmails,
    address,
    mobile,
    handlingPersonName,
    remarks,
    openingBalance,
    currentBalance: balanceOwed,
  };
}

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

  /**
   * What the consignee owes, answered as `currentBalance` (requirements decisions §3.11): the accounts
   * service's balance owed as its last event announced it (BalanceCopy, docs/adr/0041). No stand-in: a new
   * consignee's is its opening balance (ConsigneeHandlers.newRow), which is what it owes before any
   * invoice or payment (requirements 02 §9.6), until the accounts service's first event about it.
   */
  @Column('numeric', { name: 'balance_owed', precision: 20, scale: 2 })
  balanceOwed!: string;
}

/** The public shape: never the password's hash; `balance_owed` under the contract's name `currentBalance`. */
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

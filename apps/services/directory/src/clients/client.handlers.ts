import type { ResourceDef } from '@freight/contracts';
import { AppError } from '@freight/server';
import { MasterDataHandlers, type NewRow } from '@freight/server-database';
import type { ClientEntity } from './client.entity.js';
import type { ClientRepository } from './client.repository.js';
import { clientChanges, clientUsernameTaken, passwordValues } from './client-rules.js';

type ClientAdd = { password?: string };
type ClientUpdate = { updateData: { username?: string; password?: string } };

/**
 * A client resource (consignees, shippers) on the master-data base: a client sign-in (the
 * password hashed before the transaction, never stored as given), the username shared by every
 * client and read-only, `unique` the sorted names. Its class adds what the kind has of its own.
 */
export abstract class ClientHandlers<R extends ResourceDef & { subjects: Record<string, string> }, E extends ClientEntity, Rec> extends MasterDataHandlers<
  R,
  E,
  Rec
> {
  protected constructor(
    resource: R,
    protected readonly store: ClientRepository<E, string>,
    /** The name's field and how a 409 says it: 'consigneeName', 'Consignee'. */
    private readonly name: { field: keyof E & string; label: string },
  ) {
    super(resource, store);
  }

  async unique(): Promise<string[]> {
    return this.store.names();
  }

  // The bodies are the definition's (checked by its schemas); only their client part is read here.
  protected override prepare(body: unknown, first?: () => Promise<void>): Promise<Partial<E>> {
    const sent = body as ClientAdd | ClientUpdate;
    return passwordValues('updateData' in sent ? sent.updateData.password : sent.password, first) as Promise<Partial<E>>;
  }

  protected newRow(body: unknown): NewRow<E> {
    const { password: _, ...fields } = body as ClientAdd;
    return fields as NewRow<E>;
  }

  /** What the edit sends; absent fields (the password among them) stay; the username stays (judgeClientEdit). */
  protected changes(body: unknown, row: E): Partial<E> {
    return clientChanges(row, (body as ClientUpdate).updateData);
  }

  protected taken(property: keyof E & string, values: Partial<E>): AppError {
    if (property === 'username') return clientUsernameTaken(values.username);
    const message = `${this.name.label} '${String(values[this.name.field])}' already exists`;
    return new AppError('CONFLICT', message, { [this.name.field]: message });
  }
}

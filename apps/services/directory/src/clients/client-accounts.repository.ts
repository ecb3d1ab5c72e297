import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ClientCredentialsReply, ClientSessionState } from '@freight/contracts';
import { DataSource } from 'typeorm';

/** Consignees and shippers as clients who sign in, one list: `role` says which table a row is from. */
const CLIENTS = `(SELECT id, username, 'consignee' AS role, consignee_name AS "fullName", session_version AS "sessionVersion", password_hash AS "passwordHash" FROM directory.consignee
  UNION ALL SELECT id, username, 'shipper', shipper_name, session_version, password_hash FROM directory.shipper) client`;

/** What client sign-in and the gateway's client-session checks read (each by a unique index of each table). */
@Injectable()
export class ClientAccountsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async credentials(username: string): Promise<(ClientCredentialsReply & { passwordHash: string }) | undefined> {
    const [client] = await this.dataSource.query<(ClientCredentialsReply & { passwordHash: string })[]>(
      `SELECT * FROM ${CLIENTS} WHERE lower(username) = lower($1)`,
      [username.trim()],
    );
    return client;
  }

  async sessionState(id: string): Promise<ClientSessionState | undefined> {
    const [state] = await this.dataSource.query<ClientSessionState[]>(`SELECT id, username, role, "sessionVersion" FROM ${CLIENTS} WHERE id = $1`, [id]);
    return state;
  }
}

import { Injectable } from '@nestjs/common';

/**
 * Whether the gateway is draining (docs/adr/0051-drain-and-probes.md): set by main.ts on
 * SIGTERM; from then on /api/health/ready answers 503 while requests are still answered, so the
 * edge and Kubernetes send new ones elsewhere before the listener closes.
 */
@Injectable()
export class GatewayDrain {
  private started = false;

  get draining(): boolean {
    return this.started;
  }

  start(): void {
    this.started = true;
  }
}

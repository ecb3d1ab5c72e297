import { Controller, Inject, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { companyProfileFromEnv, type CompanyProfile } from '@freight/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config/gateway.config.js';
import { Route } from '../http/route.decorator.js';

/**
 * `GET /api/company`: the company's own details from the gateway's configuration, for the console's
 * and the portal's footers (docs/adr/0044-company-profile.md). Public, and cached by browsers for
 * 5 minutes: a change of the profile shows after a gateway restart, without rebuilding any web app.
 */
@Controller()
export class CompanyController {
  private readonly profile: CompanyProfile;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.profile = companyProfileFromEnv(config);
  }

  @Route('company')
  company(@Res({ passthrough: true }) reply: FastifyReply): CompanyProfile {
    reply.header('Cache-Control', 'public, max-age=300');
    return this.profile;
  }
}

import { CounterTexts, shipmentCounter } from '@freight/contracts';
import { CounterPage } from '@freight/web-domain/counter';

const routes = { get: shipmentCounter.routes.shipmentcounterGet, set: shipmentCounter.routes.shipmentcounterSet };

/** Manage Shipment Counter (requirements 02 §2, Head): the kit's counter screen on the shipment counter. */
export function ShipmentCounterPage() {
  return <CounterPage title="Manage Shipment Counter" queryKey="shipmentcounter" routes={routes} texts={CounterTexts} />;
}

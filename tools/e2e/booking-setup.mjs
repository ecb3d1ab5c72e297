// The one way a test (or the web audit) makes a booking through the API: a job added Booking
// Confirmed, then proceeded (requirements decisions §3: only then is it a booking on the Daily Booking Sheet).

/**
 * Repeats `attempt` while it is refused with a 400: the shipment service learns master-data names
 * from the directory's events a moment after they are added (10 s at most).
 * @template T @param {() => Promise<T>} attempt @returns {Promise<T>}
 */
export async function whenNamesKnown(attempt) {
  for (const deadline = Date.now() + 10_000; ;) {
    try {
      return await attempt();
    } catch (error) {
      if (Date.now() > deadline || !String(error).includes(': 400 ')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

/**
 * A new job, Booking Confirmed, made a booking (Proceed to Proceeding): the proceeded shipment.
 * @param {(method: string, path: string, body?: unknown) => Promise<any>} call the Head's caller, failing on an error status
 * @param {{ consigneeName: string, originPort: string, typeOfShipment: string, termOfShipment: string, branchCity: string, userName: string, date?: string }} job
 */
export async function addBooking(call, { branchCity, ...job }) {
  const fields = { date: '2026-11-20', ShipmentStatus: 'Booking Confirmed', ...job };
  const { shipment } = await whenNamesKnown(() => call('POST', '/shipments/adminadd', { ...fields, branchCity }));
  const { shipment: proceeded } = await call('PUT', `/shipments/updateadmin/${shipment.jobNo}`, {
    ...fields,
    proceedToProceeding: true,
    version: shipment.version,
  });
  return proceeded;
}

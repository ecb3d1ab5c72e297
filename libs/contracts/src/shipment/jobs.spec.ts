import { z } from 'zod/mini';
import { clientBookingSchema } from './bookings.js';
import { inverted, renamed } from '../resource.js';
import { JOB_BODY_NAMES, jobSchema, jobUpdateOf, plainJob, type Job } from './jobs.js';

// A job reply as the wire carries it (the spec's names), and as the web reads it (ADR 56).
const wireJob: Job = z.parse(jobSchema, {
  _id: 'j1',
  jobNo: 'IMP-000042',
  direction: 'Import',
  date: '2026-11-20T00:00:00.000Z',
  user: { _id: 'u1', fullName: 'Nimal Perera' },
  branchCity: { _id: 'b1', BranchCity: 'Colombo' },
  consigneeName: { _id: 'c1', consigneeName: 'Harbour Foods' },
  notify: null,
  shipperName: { _id: 's1', shipperName: 'Shanghai Exports' },
  forwarderName: { _id: 'f1', Forwarder: 'Lanka Cargo' },
  originPort: { _id: 'o1', OriginPortName: 'Shanghai' },
  yardName: null,
  typeOfShipment: { _id: 't1', TypeofShipment: 'LCL' },
  termOfShipment: { _id: 'm1', TermofShipment: 'FOB' },
  ShipmentStatus: 'Booking Confirmed',
  statusOfShipment: 'Transit',
  cartoons: 120,
  cbm: 14.5,
  weight: 2300,
  blNo: 'SHA123456',
  containerNo: 'MSCU1234567',
  Vesselname: 'MSC Aurora',
  whArrivalDate: null,
  etd: '2026-11-22',
  eta: null,
  deStuff: null,
  doIssue: null,
  bookingNo: 'BK-77',
  remarks: 'Fragile',
  personalremarks: 'Call first',
  jobStatus: true,
  statusUpdateToClient: false,
  proceedToProceeding: true,
  invoiceNo: '',
  invoiceAmount: null,
  invoiceDate: null,
  version: 3,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-21T08:00:00.000Z',
});

describe('plainJob', () => {
  it('reads the spec-cased fields by plain names and each reference as its name', () => {
    // Every other field as the reply has it.
    const mapped = [
      'ShipmentStatus',
      'Vesselname',
      'personalremarks',
      'user',
      'branchCity',
      'consigneeName',
      'notify',
      'shipperName',
      'forwarderName',
      'originPort',
      'yardName',
      'typeOfShipment',
      'termOfShipment',
    ];
    const same = Object.fromEntries(Object.entries(wireJob).filter(([field]) => !mapped.includes(field)));
    expect(plainJob(wireJob)).toEqual({
      ...same,
      status: 'Booking Confirmed',
      vesselName: 'MSC Aurora',
      personalRemarks: 'Call first',
      user: 'Nimal Perera',
      branchCity: 'Colombo',
      consigneeName: 'Harbour Foods',
      notify: null,
      shipperName: 'Shanghai Exports',
      forwarderName: 'Lanka Cargo',
      originPort: 'Shanghai',
      yardName: null,
      typeOfShipment: 'LCL',
      termOfShipment: 'FOB',
    });
    expect(Object.keys(same)).toHaveLength(26);
    // The reply itself is left as it came.
    expect(wireJob.Vesselname).toBe('MSC Aurora');
    expect(wireJob.typeOfShipment).toEqual({ _id: 't1', TypeofShipment: 'LCL' });
  });

  it("maps a client's booking, which has no personal information, the same way", () => {
    const booking = plainJob(z.parse(clientBookingSchema, wireJob));
    expect(booking).not.toHaveProperty('personalRemarks');
    expect(booking).not.toHaveProperty('personalremarks');
    expect(booking).toMatchObject({ status: 'Booking Confirmed', vesselName: 'MSC Aurora', consigneeName: 'Harbour Foods', yardName: null });
  });

  it('gives back, through the Edit Job values, the body the wire takes', () => {
    const values = jobUpdateOf(plainJob(wireJob));
    expect(values).toMatchObject({ status: 'Booking Confirmed', personalRemarks: 'Call first' });
    expect(renamed(values, inverted(JOB_BODY_NAMES))).toEqual({
      date: '2026-11-20',
      userName: 'Nimal Perera',
      termOfShipment: 'FOB',
      typeOfShipment: 'LCL',
      consigneeName: 'Harbour Foods',
      originPort: 'Shanghai',
      ShipmentStatus: 'Booking Confirmed',
      remarks: 'Fragile',
      personalremarks: 'Call first',
      proceedToProceeding: true,
      version: 3,
    });
  });
});

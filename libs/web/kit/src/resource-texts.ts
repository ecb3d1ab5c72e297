import type { ResourceDef } from '@freight/contracts';
import type { DeleteFailureTexts } from './confirm-delete.js';
import { isApiError } from './api-client.js';
import { serverMessage, updateErrorText } from './form-errors.js';

/**
 * The texts of an entity's list and form screens (requirements 01 §2 and §8). They follow from the
 * definition's singular and plural ('branch', 'branches'); an entity whose catalogue says
 * otherwise overrides the few that differ.
 */
export interface ScreenTexts {
  /** 'Manage Branches' */
  listTitle: string;
  /** 'Add Branch': the add screen's title, its submit button and the list's add button. */
  addTitle: string;
  /** 'Edit Branch' */
  editTitle: string;
  /** The list table's accessible name: 'Branches'. */
  caption: string;
  /** 'No branches found.' */
  emptyText: string;
  /** A list that cannot be loaded and the server gave no message: 'Error fetching branches'. */
  listLoadError: string;
  deleteFailure: DeleteFailureTexts;
  /** A CSV export that failed and the server gave no message: 'Failed to export branches. Please try again.' */
  exportError: string;
  /** The edit screen's record is not there (404): 'Branch not found'. */
  recordNotFound: string;
  /** The edit screen's record could not be loaded: 'Error fetching branch data'. */
  recordLoadError: string;
  /** 'View Forwarder' */
  viewTitle: string;
  /** The view screen's record is not there (404): 'No forwarder data found'. */
  viewNotFound: string;
  /** The view screen's record could not be loaded: 'Error fetching forwarder details'. */
  viewLoadError: string;
  /** A failed add: the server's message, else 'Failed to add {thing}. Please try again.' */
  addError: (error: unknown) => string;
  /** A failed update: 'Failed to update {thing}' (with the server's reason) or 'Error updating {thing}'. */
  updateError: (error: unknown) => string;
}

/** 'shipment type' → 'Shipment Type' */
export const titleCase = (text: string) => text.replace(/\b\p{Ll}/gu, (c) => c.toUpperCase());
/** 'shipment type' → 'Shipment type' */
const sentenceCase = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The screen texts of a resource, with the entity's own where they differ. */
export function screenTexts(resource: Pick<ResourceDef, 'texts'>, overrides: Partial<ScreenTexts> = {}): ScreenTexts {
  const { singular, plural, notFound } = resource.texts;
  return {
    listTitle: `Manage ${titleCase(plural)}`,
    addTitle: `Add ${titleCase(singular)}`,
    editTitle: `Edit ${titleCase(singular)}`,
    caption: titleCase(plural),
    emptyText: `No ${plural} found.`,
    listLoadError: `Error fetching ${plural}`,
    deleteFailure: { notFound, failed: `Failed to delete ${singular}. Please try again.` },
    exportError: `Failed to export ${plural}. Please try again.`,
    recordNotFound: `${sentenceCase(singular)} not found`,
    recordLoadError: `Error fetching ${singular} data`,
    viewTitle: `View ${titleCase(singular)}`,
    viewNotFound: `No ${singular} data found`,
    viewLoadError: `Error fetching ${singular} details`,
    addError: (error) => serverMessage(error, `Failed to add ${singular}. Please try again.`),
    updateError: (error) => updateErrorText(error, singular),
    ...overrides,
  };
}

/** The edit screen's load failure: not there (404), or not loaded. */
export function recordLoadErrorText(error: unknown, texts: Pick<ScreenTexts, 'recordNotFound' | 'recordLoadError'>): string {
  return isApiError(error) && error.status === 404 ? texts.recordNotFound : texts.recordLoadError;
}

/**
 * Add failures of the entities whose catalogue shows the server's message only for a refused
 * input (4xx) and its own text for anything else (branch: 'Error creating branch').
 */
export const refusalOr =
  (fallback: string) =>
  (error: unknown): string =>
    isApiError(error) && error.status >= 400 && error.status < 500 && error.fromServer ? error.message : fallback;

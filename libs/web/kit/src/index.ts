export {
  ApiError,
  isApiError,
  apiRequest,
  apiList,
  apiGet,
  apiPost,
  apiPut,
  apiDelete,
  NOT_JSON_MESSAGE,
  NETWORK_MESSAGE,
  type RequestOptions,
  type ApiResponse,
  type ListPage,
} from './api-client.js';
// The session and the API base are one per page (@freight/web-session, a federation
// singleton); the kit passes them on so that apps import everything from here.
export * from '@freight/web-session';
export { useSession, useRole, useCan, hasRole } from './use-session.js';
export { RequireSession, RequireRole } from './route-guard.js';
export { NotFoundPage, NoPermissionPage, NotAvailablePage, NOT_AVAILABLE_TEXT, ErrorNotice, type WayBack } from './pages.js';
export { formatDate, formatClock, textOrNA } from './format.js';
export { DataTable, SEARCH_DEBOUNCE_MS, type Column, type DataTableProps } from './data-table.js';
export { RowActions, type RowActionsProps } from './row-actions.js';
export { useServerList, nextSort, type ServerList, type ListParams, type SortOrder } from './use-server-list.js';
export { confirmAndDelete, deleteErrorText, type ConfirmAndDelete, type DeleteFailureTexts } from './confirm-delete.js';
export { toastSuccess, toastError, toastInfo } from './toast.js';
export { createQueryClient } from './query-client.js';
export { applyServerFieldErrors, serverMessage, updateErrorText } from './form-errors.js';
export { useServerForm, FormActions, READ_ONLY_INPUT, type ServerFormOptions } from './server-form.js';
export { useAfterSave } from './use-after-save.js';
export { KitProviders, theme, cssVariablesResolver, HEADER_HEIGHT } from './providers.js';

export {
  ApiError,
  isApiError,
  callApi,
  callRoute,
  downloadFile,
  attachmentName,
  DOWNLOAD_CUT_SHORT_MESSAGE,
  NOT_JSON_MESSAGE,
  NETWORK_MESSAGE,
  type CallableRoute,
  type CallInput,
  type CallResult,
  type CallOptions,
  type ListPage,
} from './api-client.js';
// The session and the API base are one per page (@freight/web-session, a federation
// singleton); the kit passes them on so that apps import everything from here.
export * from '@freight/web-session';
export { useSession, useClientSession, useRole, useCan, hasRole } from './use-session.js';
export { RequireSession, RequireRole, RequirePermission, RequireClient } from './route-guard.js';
export { NotFoundPage, NoPermissionPage, NotAvailablePage, NOT_AVAILABLE_TEXT, ErrorNotice, LoadingNotice, lazyScreen, type WayBack } from './pages.js';
export { formatDate, formatDateTime, formatClock, formatMoney, formatCount, formatWeight, textOrNA } from './format.js';
export { DataTable, SEARCH_DEBOUNCE_MS, type Column, type DataTableProps } from './data-table.js';
export { RowActions, type RowActionsProps } from './row-actions.js';
export { useServerList, nextSort, type ServerList, type ListParams, type SortOrder, type ListRoute, type RowOf } from './use-server-list.js';
export { confirmAction, confirmAndDelete, deleteErrorText, type ConfirmAndDelete, type Confirmation, type DeleteFailureTexts } from './confirm-delete.js';
export { toastSuccess, toastError, toastInfo } from './toast.js';
export { createQueryClient } from './query-client.js';
export { applyServerFieldErrors, serverMessage, updateErrorText } from './form-errors.js';
export { useServerForm, FormActions, READ_ONLY_INPUT, type ServerFormOptions } from './server-form.js';
export { useAfterSave } from './use-after-save.js';
export { KitProviders, WithServices, loadServices, clearServerData } from './providers.js';
export { theme, cssVariablesResolver, HEADER_HEIGHT } from './theme.js';
export { screenTexts, titleCase, recordLoadErrorText, refusalOr, type ScreenTexts } from './resource-texts.js';
export {
  renamesOf,
  type ListResource,
  type FormResource,
  type ListRowOf,
  type RecordOf,
  type FieldName,
  type FormValues,
  type UpdateValues,
} from './resource-types.js';
export { ResourceListPage, definitionColumns, usePageRows, type ResourceListConfig, type ListColumn } from './resource-list-page.js';
export { ResourceForm, type ResourceFormProps, type FormField, type FormMode } from './resource-form.js';
export { ResourceFormPage, useRecord, type ResourceFormConfig } from './resource-form-page.js';
export { ResourceViewPage, type ResourceViewConfig } from './resource-view-page.js';
export { Tile } from './tile.js';
export { HeaderClock } from './header-clock.js';
export { PageFrame, buildLabel } from './page-frame.js';
export { RemoteSlot, REMOTE_FAILED_MESSAGE, remoteFailedMessage, versionRefusal, versionRefusedMessage, type VersionRefusal } from './remote-slot.js';
export { REGISTRY_URL, parseRegistry, loadRegistry, loadRemoteModule, type RemoteRegistry } from './remote-registry.js';
export { CompanyFooter, useCompany } from './company-footer.js';
export { afterLogout } from './after-logout.js';
export { UnexpectedErrorPage } from './router-error.js';

// A consignee's statement of account, as the Head's accounts screen and the consignee's Accounts Area show it.
export {
  StatementFigures,
  StatementLines,
  StatementPager,
  StatementRangeFields,
  statementPages,
  statementRangeErrors,
  defaultStatementRange,
  type StatementRangeErrors,
} from './statement-view.js';

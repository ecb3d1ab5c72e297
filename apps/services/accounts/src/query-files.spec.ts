import { describeQueryFiles } from '@freight/server-testing';
import { QUERY_FILES } from './query-files.js';

describeQueryFiles(QUERY_FILES, import.meta.url);

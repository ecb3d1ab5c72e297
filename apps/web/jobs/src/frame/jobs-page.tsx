// The jobs screens' frame is the kit's (the accounts remote shares it).
export { PageFrame as JobsPage } from '@freight/web-kit';

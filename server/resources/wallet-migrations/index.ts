/** What the approvals inbox needs of wallet migrations: their list and their decision. */
export { decideMigration } from './maker-checker';
export { listMigrations } from './migrations';

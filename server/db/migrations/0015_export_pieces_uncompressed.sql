-- Export files are stored as they are: compressing each 1 MB piece (TOAST's pglz) was a quarter of
-- a million-row CSV export on PostgreSQL, for files kept only until they are purged.
ALTER TABLE "export_file_chunks" ALTER COLUMN "data" SET STORAGE EXTERNAL;

import { PGlite } from '@electric-sql/pglite';
import { PRIMARY_GROUP_IDS } from './contract/groups';
import { openDatabase } from './server/db/database';
import { seedDemo } from './server/db/seed';
const h = await openDatabase({ pglite: new PGlite() });
await h.migrate();
const orig = h.db.execute.bind(h.db);
const db = h.db as any;
const origTx = db.transaction.bind(db);
db.transaction = (fn: any) => origTx(async (tx: any) => {
  const e = tx.execute.bind(tx);
  tx.execute = async (q: any) => { const t = performance.now(); const r = await e(q); const ms = performance.now() - t; if (ms > 300) console.log(Math.round(ms), JSON.stringify(q?.queryChunks?.[0]?.value?.[0] ?? q?.sql ?? '').slice(0, 140)); return r; };
  return fn(tx);
});
void orig;
const T0 = performance.now();
await seedDemo(h.db, { seed: 1, groupIds: PRIMARY_GROUP_IDS, size: 'default' }); console.log('total', Math.round(performance.now()-T0));
await h.close();

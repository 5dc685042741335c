/** A plain, script-free reference page rendered from the OpenAPI document (works under the CSP, offline). */
type Json = Record<string, unknown>;

const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function schemaText(schema: unknown, components: Json, depth = 0): string {
  if (!schema || typeof schema !== 'object' || depth > 6) return '';
  const s = schema as Json;
  if (typeof s.$ref === 'string') {
    const name = s.$ref.split('/').pop() ?? '';
    return `<a href="#schema-${escapeHtml(name)}">${escapeHtml(name)}</a>`;
  }
  if (s.type === 'object' && s.properties) {
    const required = new Set((s.required as string[] | undefined) ?? []);
    const rows = Object.entries(s.properties as Json)
      .map(
        ([key, value]) =>
          `<li><code>${escapeHtml(key)}</code>${required.has(key) ? '' : '?'}: ${schemaText(value, components, depth + 1)}</li>`,
      )
      .join('');
    return `object<ul>${rows}</ul>`;
  }
  if (s.type === 'array') return `array of ${schemaText(s.items, components, depth + 1)}`;
  const parts = [s.type ?? (s.anyOf ? 'one of' : 'any')];
  if (s.enum) parts.push(`(${(s.enum as unknown[]).map(escapeHtml).join(' | ')})`);
  if (s.const !== undefined) parts.push(`= ${escapeHtml(JSON.stringify(s.const))}`);
  if (s.format) parts.push(`[${escapeHtml(s.format)}]`);
  if (s.anyOf) parts.push((s.anyOf as unknown[]).map((x) => schemaText(x, components, depth + 1)).join(' | '));
  return parts.map(String).join(' ');
}

export function renderDocsPage(doc: Json): string {
  const info = (doc.info ?? {}) as Json;
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Json;
  const paths = (doc.paths ?? {}) as Record<string, Json>;
  const operations = Object.entries(paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => {
        const o = op as Json;
        const params = ((o.parameters as Json[] | undefined) ?? [])
          .map(
            (p) =>
              `<li><code>${escapeHtml(p.name)}</code> in ${escapeHtml(p.in)}${p.required ? ' (required)' : ''}: ${schemaText(p.schema, components)}</li>`,
          )
          .join('');
        const body = ((o.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as
          | Json
          | undefined;
        const responses = Object.entries((o.responses ?? {}) as Json)
          .map(([code, r]) => {
            const rr = r as Json;
            const schema = ((rr.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema;
            return `<li><strong>${escapeHtml(code)}</strong> ${escapeHtml(rr.description ?? '')}${schema ? `<div class="schema">${schemaText(schema, components)}</div>` : ''}</li>`;
          })
          .join('');
        return `<section class="op"><h3><span class="m ${escapeHtml(method)}">${escapeHtml(method.toUpperCase())}</span> <code>/rest${escapeHtml(path)}</code></h3>
<p>${escapeHtml(o.summary ?? '')}</p>
${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ''}
${body ? `<h4>Request body</h4><div class="schema">${schemaText(body.schema, components)}</div>` : ''}
<h4>Responses</h4><ul>${responses}</ul></section>`;
      }),
    )
    .join('\n');
  const schemas = Object.entries(components)
    .map(
      ([name, schema]) =>
        `<section class="op" id="schema-${escapeHtml(name)}"><h3>${escapeHtml(name)}</h3><div class="schema">${schemaText(schema, components)}</div></section>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(info.title ?? 'API')} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;color:#1f2937}
h1{margin-bottom:0}code{font-family:ui-monospace,monospace;font-size:13px}.op{border:1px solid #e5e7eb;border-radius:8px;padding:12px 16px;margin:12px 0}
.m{display:inline-block;min-width:56px;text-align:center;border-radius:4px;color:#fff;font-size:12px;padding:2px 6px}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.delete{background:#dc2626}
.schema{background:#f9fafb;border-radius:6px;padding:6px 10px}ul{margin:4px 0}</style></head>
<body><h1>${escapeHtml(info.title ?? 'API')}</h1><p>Version ${escapeHtml(info.version ?? '')}. ${escapeHtml(info.description ?? '')}</p>
<p>Machine-readable document: <a href="/rest/openapi.json">/rest/openapi.json</a></p>
<h2>Operations</h2>${operations}<h2>Schemas</h2>${schemas}</body></html>`;
}

import type { OpenApiDocument } from './openapi';

const html = (text: unknown) =>
  String(text ?? '').replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch,
  );

type Json = Record<string, unknown>;

const schemaBlock = (schema: unknown) =>
  schema ? `<pre>${html(JSON.stringify(schema, null, 2))}</pre>` : '';

function parameters(op: Json): string {
  const list = (op.parameters as Json[] | undefined) ?? [];
  if (!list.length) return '';
  const rows = list
    .map(
      (p) =>
        `<tr><td><code>${html(p.name)}</code></td><td>${html(p.in)}</td><td>${
          p.required ? 'required' : 'optional'
        }</td><td><code>${html(JSON.stringify(p.schema ?? {}))}</code></td></tr>`,
    )
    .join('');
  return `<h4>Parameters</h4><table><thead><tr><th>name</th><th>in</th><th></th><th>schema</th></tr></thead><tbody>${rows}</tbody></table>`;
}

function content(body: Json | undefined): string {
  const media = body?.content as Record<string, { schema?: unknown }> | undefined;
  if (!media) return '';
  return Object.entries(media)
    .map(([type, m]) => `<p class="media">${html(type)}</p>${schemaBlock(m.schema)}`)
    .join('');
}

function operation(method: string, path: string, op: Json): string {
  const responses = Object.entries((op.responses as Record<string, Json>) ?? {})
    .map(
      ([status, r]) =>
        `<details><summary><span class="status s${html(status[0])}">${html(status)}</span> ${html(
          r.description === status ? '' : r.description,
        )}</summary>${content(r)}</details>`,
    )
    .join('');
  const body = op.requestBody as Json | undefined;
  return `<article class="op" id="${html(op.operationId)}">
<h3><span class="method ${html(method)}">${html(method.toUpperCase())}</span> <code>${html(path)}</code></h3>
<p>${html(op.summary)}</p>
${parameters(op)}
${body ? `<h4>Request body</h4>${content(body)}` : ''}
<h4>Answers</h4>${responses}
</article>`;
}

function section(doc: OpenApiDocument, id: string, jsonUrl: string): string {
  const byTag = new Map<string, string[]>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const tag = ((op.tags as string[] | undefined) ?? ['other']).join(' / ');
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)]);
    }
  }
  const servers = ((doc.servers as Json[] | undefined) ?? [])
    .map((s) => `<li><code>${html(s.url)}</code> ${html(s.description)}</li>`)
    .join('');
  const tags = [...byTag.entries()]
    .map(([tag, ops]) => `<section><h2 class="tag">${html(tag)}</h2>${ops.join('\n')}</section>`)
    .join('\n');
  return `<section id="${id}"><h1>${html(doc.info.title)}</h1>
<p>${html(doc.info.description)}</p>
<p>Servers:</p><ul>${servers}</ul>
<p>Machine-readable: <a href="${jsonUrl}">${jsonUrl}</a> (OpenAPI ${html(doc.openapi)})</p>
${tags}</section>`;
}

/** A readable page of both documents, with no script and only the own stylesheet (passes the CSP). */
export function docsPage(portal: OpenApiDocument, account: OpenApiDocument): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Account portal API</title><link rel="stylesheet" href="/api/docs.css"></head>
<body><nav><a href="#portal">Portal API</a> · <a href="#account">Account API</a></nav>
<main>${section(portal, 'portal', '/api/openapi.json')}
${section(account, 'account', '/api/openapi/account.json')}</main></body></html>`;
}

export const DOCS_CSS = `body{font:15px/1.5 system-ui,sans-serif;margin:0;color:#1b1f24;background:#fafafa}
nav{position:sticky;top:0;background:#1b1f24;color:#fff;padding:.6rem 1.5rem}nav a{color:#fff}
main{max-width:60rem;margin:auto;padding:1rem 1.5rem}h2.tag{border-bottom:2px solid #ccc;margin-top:2.5rem}
.op{background:#fff;border:1px solid #ddd;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.op h3{margin:.3rem 0;font-size:1rem}.method{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;padding:0 .3rem;font-size:.8rem}
.get{background:#1769aa}.post{background:#2e7d32}.put,.patch{background:#b26a00}.delete{background:#c62828}
h4{margin:.6rem 0 .2rem;font-size:.9rem}table{border-collapse:collapse;font-size:.85rem}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}
pre{background:#f3f3f3;padding:.5rem;overflow:auto;font-size:.8rem;max-height:24rem}.media{margin:.2rem 0;color:#555;font-size:.8rem}
.status{font-weight:bold}.s2{color:#2e7d32}.s3{color:#1769aa}.s4{color:#b26a00}.s5{color:#c62828}summary{cursor:pointer}
`;

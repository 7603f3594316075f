// The API reference as plain HTML, rendered on the server from the OpenAPI document: no
// script at all, so it works under the site's CSP (scripts from 'self' only, no inline
// script, no eval). Expanding a schema uses <details>, which needs none either.

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const MAX_DEPTH = 8;

const escapeHtml = (value: unknown) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export const operationAnchor = (method: string, path: string) =>
  `op-${method}-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;

const typeLabel = (schema: Json): string => {
  if (typeof schema.$ref === 'string') return schema.$ref.replace('#/components/schemas/', '');
  if ('const' in schema) return `const ${JSON.stringify(schema.const)}`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : typeof schema.type === 'string' ? schema.type : '';
  if (type === 'array' && isObject(schema.items)) return `array of ${typeLabel(schema.items) || 'any'}`;
  if (schema.anyOf || schema.oneOf) return 'one of';
  if (schema.allOf) return 'all of';
  return type || 'any';
};

const CONSTRAINTS: [string, string][] = [
  ['format', 'format'],
  ['minLength', 'min length'],
  ['maxLength', 'max length'],
  ['pattern', 'pattern'],
  ['minimum', '≥'],
  ['exclusiveMinimum', '>'],
  ['maximum', '≤'],
  ['exclusiveMaximum', '<'],
  ['multipleOf', 'multiple of'],
  ['minItems', 'min items'],
  ['maxItems', 'max items'],
  ['default', 'default'],
];

const constraintsOf = (schema: Json) => {
  const parts = CONSTRAINTS.filter(([key]) => schema[key] !== undefined).map(
    ([key, label]) =>
      `<span class="constraint">${escapeHtml(label)} <code>${escapeHtml(typeof schema[key] === 'string' ? schema[key] : JSON.stringify(schema[key]))}</code></span>`,
  );
  if (Array.isArray(schema.enum))
    parts.push(
      `<span class="constraint">one of ${schema.enum.map((value) => `<code>${escapeHtml(JSON.stringify(value))}</code>`).join(' ')}</span>`,
    );
  return parts.join(' ');
};

const renderSchema = (schema: unknown, depth = 0): string => {
  if (!isObject(schema)) return '<span class="type">any</span>';
  if (depth > MAX_DEPTH) return '<span class="type">…</span>';
  const head = `<span class="type">${escapeHtml(typeLabel(schema))}</span> ${constraintsOf(schema)}${
    typeof schema.description === 'string' ? ` <span class="description">${escapeHtml(schema.description)}</span>` : ''
  }`;
  const parts = [head];
  if (isObject(schema.properties)) {
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const rows = Object.entries(schema.properties).map(
      ([name, property]) =>
        `<li><code class="name">${escapeHtml(name)}</code>${required.has(name) ? ' <span class="required">required</span>' : ''} ${renderSchema(property, depth + 1)}</li>`,
    );
    parts.push(`<ul class="properties">${rows.join('')}</ul>`);
    if (schema.additionalProperties === false) parts.push('<p class="note">No other properties.</p>');
  }
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = schema[key];
    if (Array.isArray(list))
      parts.push(`<ol class="alternatives">${list.map((item) => `<li>${renderSchema(item, depth + 1)}</li>`).join('')}</ol>`);
  }
  if (isObject(schema.items) && (isObject(schema.items.properties) || schema.items.anyOf || schema.items.oneOf)) {
    parts.push(`<div class="items">items: ${renderSchema(schema.items, depth + 1)}</div>`);
  }
  return parts.join('');
};

const renderSecurity = (security: unknown, schemes: Json) => {
  if (!Array.isArray(security) || security.length === 0) return '<p class="security public">No authentication.</p>';
  const alternatives = security.map((requirement) =>
    Object.keys(isObject(requirement) ? requirement : {})
      .map((name) => {
        const scheme = isObject(schemes[name]) ? schemes[name] : {};
        const how =
          scheme.type === 'http'
            ? `HTTP ${String(scheme.scheme)}`
            : scheme.type === 'apiKey'
              ? `${String(scheme.in)} ${String(scheme.name)}`
              : '';
        return `<code>${escapeHtml(name)}</code>${how ? ` (${escapeHtml(how)})` : ''}`;
      })
      .join(' and '),
  );
  return `<p class="security">Requires ${alternatives.join(' or ')}.</p>`;
};

const renderParameters = (parameters: unknown) => {
  if (!Array.isArray(parameters) || parameters.length === 0) return '';
  const rows = parameters
    .filter(isObject)
    .map(
      (parameter) =>
        `<tr><td><code>${escapeHtml(parameter.name)}</code></td><td>${escapeHtml(parameter.in)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${renderSchema(parameter.schema)}${
          typeof parameter.description === 'string'
            ? ` <span class="description">${escapeHtml(parameter.description)}</span>`
            : ''
        }</td></tr>`,
    );
  return `<h4>Parameters</h4><table class="parameters"><thead><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
};

const renderContent = (content: unknown, open = false) =>
  isObject(content)
    ? Object.entries(content)
        .map(
          ([type, media]) =>
            `<details${open ? ' open' : ''}><summary><code>${escapeHtml(type)}</code></summary><div class="schema">${renderSchema(isObject(media) ? media.schema : undefined)}</div></details>`,
        )
        .join('')
    : '';

const renderOperation = (method: string, path: string, operation: Json, schemes: Json) => {
  const body = isObject(operation.requestBody) ? operation.requestBody : undefined;
  const responses = isObject(operation.responses) ? operation.responses : {};
  return `<section class="operation" id="${operationAnchor(method, path)}">
<h3><span class="method method-${method}">${method.toUpperCase()}</span> <code class="path">${escapeHtml(path)}</code></h3>
${typeof operation.summary === 'string' ? `<p class="summary">${escapeHtml(operation.summary)}</p>` : ''}
${typeof operation.description === 'string' ? `<p>${escapeHtml(operation.description)}</p>` : ''}
${renderSecurity(operation.security, schemes)}
${renderParameters(operation.parameters)}
${body ? `<h4>Request body${body.required ? ' (required)' : ''}</h4>${renderContent(body.content, true)}` : ''}
<h4>Responses</h4>
<dl class="responses">${Object.entries(responses)
    .map(([status, response]) => {
      const value = isObject(response) ? response : {};
      return `<dt><code>${escapeHtml(status)}</code></dt><dd>${escapeHtml(value.description ?? '')}${renderContent(value.content)}</dd>`;
    })
    .join('')}</dl>
</section>`;
};

/** The whole page; `stylesheet` is a same-origin URL. */
export const renderReferencePage = (document: Json, options: { stylesheet: string; documentUrl: string }) => {
  const info = isObject(document.info) ? document.info : {};
  const components = isObject(document.components) ? document.components : {};
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {};
  const paths = isObject(document.paths) ? document.paths : {};
  const byTag = new Map<string, { method: string; path: string; operation: Json }[]>();
  for (const [path, item] of Object.entries(paths)) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isObject(operation)) continue;
      const tag = Array.isArray(operation.tags) && typeof operation.tags[0] === 'string' ? operation.tags[0] : 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const toc = tags
    .map(
      (tag) =>
        `<li>${escapeHtml(tag)}<ul>${byTag
          .get(tag)!
          .map(
            ({ method, path }) =>
              `<li><a href="#${operationAnchor(method, path)}"><span class="method method-${method}">${method.toUpperCase()}</span> ${escapeHtml(path)}</a></li>`,
          )
          .join('')}</ul></li>`,
    )
    .join('');
  const sections = tags
    .map(
      (tag) =>
        `<h2 id="tag-${escapeHtml(tag.replace(/[^A-Za-z0-9]+/g, '-'))}">${escapeHtml(tag)}</h2>${byTag
          .get(tag)!
          .map(({ method, path, operation }) => renderOperation(method, path, operation, schemes))
          .join('\n')}`,
    )
    .join('\n');
  const schemeList = Object.entries(schemes)
    .map(
      ([name, scheme]) =>
        `<dt><code>${escapeHtml(name)}</code></dt><dd>${escapeHtml(isObject(scheme) ? (scheme.description ?? '') : '')}</dd>`,
    )
    .join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(info.title ?? 'API')} reference</title>
<link rel="stylesheet" href="${escapeHtml(options.stylesheet)}">
</head>
<body>
<header>
<h1>${escapeHtml(info.title ?? 'API')} <span class="version">${escapeHtml(info.version ?? '')}</span></h1>
${typeof info.description === 'string' ? `<p>${escapeHtml(info.description)}</p>` : ''}
<p>OpenAPI ${escapeHtml(document.openapi ?? '')} document: <a href="${escapeHtml(options.documentUrl)}">${escapeHtml(options.documentUrl)}</a></p>
</header>
<nav><h2>Operations</h2><ul class="toc">${toc}</ul></nav>
<main>
<h2>Authentication</h2>
<dl class="schemes">${schemeList}</dl>
${sections}
</main>
</body>
</html>
`;
};

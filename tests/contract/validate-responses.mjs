#!/usr/bin/env node
// Validates recorded HTTP responses against an OpenAPI 3.1 description.
//
//   node validate-responses.mjs openapi.yaml responses.jsonl
//
// Each line of the JSONL file is one response, as the API test harness
// writes it with TS_RESPONSE_LOG (tests/api/harness.c):
//   {"method","path","status","content_type","headers"?,"body","body_truncated"?}
// with the body as raw text.
//
// For every line:
//  - the path (query string removed) must be one of the spec's paths,
//    matched exactly (templated segments match one segment).  A path the spec
//    does not know must get the response named by the root extension
//    `x-unknown-path-response` (the server's 404);
//  - the method must be an operation of that path (HEAD is answered as GET,
//    without the body, where the path has no head operation); a method the
//    path does not define must get a 405 (or a 401, authentication being checked first)
//    that one of the path's operations documents;
//  - the status must be documented for the operation (exactly, as a range
//    such as 4XX, or as `default`);
//  - the Content-Type must be one the response documents (a response
//    without `content` must have an empty body), and the body must validate
//    against that media type's schema: JSON media types are parsed first,
//    application/x-ndjson line by line (each line against the schema),
//    others (text/plain, application/yaml...) are validated as a string;
//    HEAD responses must have an empty body and are not validated further;
//  - headers the response declares `required` must be present, and declared
//    headers that are present must validate against their schema.
//
// Schemas are validated with Ajv's JSON Schema 2020-12 dialect (OpenAPI 3.1's
// default), with the whole spec registered under one $id so that every
// "#/components/..." reference resolves as it does in the spec.  Ajv runs in
// strict mode: an unknown keyword in a schema (a typo) fails the check too.
//
// Prints every failure and `contract: N responses checked, M failed`; exits
// 1 when M > 0 or N == 0, 2 on a usage or input error.
import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import YAML from 'yaml';

const SPEC_ID = 'urn:tool-sandbox:openapi';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const BODY_EXCERPT = 300;

function usage(msg) {
  console.error(`validate-responses: ${msg}`);
  console.error('usage: node validate-responses.mjs OPENAPI.yaml RESPONSES.jsonl');
  process.exit(2);
}

const [specFile, logFile] = process.argv.slice(2);
if (!specFile || !logFile || process.argv.length > 4) usage('two arguments expected');

let spec;
try {
  spec = YAML.parse(readFileSync(specFile, 'utf8'), { uniqueKeys: true });
} catch (e) {
  usage(`${specFile}: ${e.message}`);
}
if (!spec || typeof spec.openapi !== 'string' || !spec.openapi.startsWith('3.1')) {
  usage(`${specFile}: not an OpenAPI 3.1 document`);
}
if (spec.jsonSchemaDialect && spec.jsonSchemaDialect !== 'https://spec.openapis.org/oas/3.1/dialect/base') {
  usage(`${specFile}: unsupported jsonSchemaDialect ${spec.jsonSchemaDialect}`);
}

const ajv = new Ajv2020({ strict: true, strictTypes: false, allErrors: true, validateFormats: true });
addFormats(ajv);
// The OpenAPI 3.1 base dialect's own vocabulary: annotations only.
ajv.addVocabulary(['discriminator', 'xml', 'externalDocs', 'example']);
// The spec itself is registered as one schema resource so that references
// resolve in place; Ajv compiles its root (which has no schema keyword) when
// it first resolves a pointer into it, so the root's OpenAPI fields are
// declared as inert keywords.  Schemas are compiled only where a response
// points, strict mode included.
ajv.addVocabulary(Object.keys(spec).filter((k) => !ajv.getKeyword(k) && !k.startsWith('$')));
ajv.addSchema(spec, SPEC_ID);

// ---- JSON pointers and OpenAPI (non-schema) references ----

// Pointers here are plain JSON pointers (RFC 6901), not URI fragments.
const esc = (s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1');
const unesc = (s) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const fragmentToPointer = (ref) => ref.slice(1).split('/').map(decodeURIComponent).join('/');
const pointerToFragment = (ptr) => `#${ptr.split('/').map(encodeURIComponent).join('/')}`;

function atPointer(ptr) {
  let node = spec;
  for (const part of ptr.split('/').slice(1).map(unesc)) {
    if (node === null || typeof node !== 'object' || !(part in node)) {
      throw new Error(`${specFile}: dangling reference #${ptr}`);
    }
    node = node[part];
  }
  return node;
}

// Follows $ref chains of OpenAPI objects (responses, headers); returns the
// object and its pointer so that schemas inside compile in place.
function deref(obj, ptr) {
  const seen = new Set();
  while (obj && typeof obj === 'object' && typeof obj.$ref === 'string') {
    if (!obj.$ref.startsWith('#/')) throw new Error(`${specFile}: external reference ${obj.$ref} not supported`);
    if (seen.has(obj.$ref)) throw new Error(`${specFile}: reference cycle at ${obj.$ref}`);
    seen.add(obj.$ref);
    ptr = fragmentToPointer(obj.$ref);
    obj = atPointer(ptr);
  }
  return { obj, ptr };
}

const compiled = new Map();
function validatorAt(ptr) {
  let v = compiled.get(ptr);
  if (!v) {
    v = ajv.compile({ $ref: `${SPEC_ID}${pointerToFragment(ptr)}` });
    compiled.set(ptr, v);
  }
  return v;
}

// ---- matching ----

const pathTemplates = Object.keys(spec.paths || {}).map((p) => ({
  path: p,
  re: new RegExp(`^${p.split(/\{[^}]+\}/).map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('[^/]+')}$`),
  templated: p.includes('{'),
}));

function findPath(path) {
  const exact = pathTemplates.find((t) => !t.templated && t.path === path);
  return exact || pathTemplates.find((t) => t.re.test(path));
}

function findResponse(responses, responsesPtr, status) {
  if (!responses) return null;
  const code = String(status);
  const range = `${code[0]}XX`;
  for (const key of [code, range, 'default']) {
    if (key in responses) {
      return { key, ...deref(responses[key], `${responsesPtr}/${esc(key)}`) };
    }
  }
  return null;
}

function parseMediaType(s) {
  const [essence, ...params] = String(s).split(';');
  const p = {};
  for (const kv of params) {
    const i = kv.indexOf('=');
    if (i > 0) p[kv.slice(0, i).trim().toLowerCase()] = kv.slice(i + 1).trim().replace(/^"(.*)"$/, '$1');
  }
  return { essence: essence.trim().toLowerCase(), params: p };
}

// The spec's media-type key that best matches the Content-Type received:
// exact essence before type/* before */*; parameters named in the key must
// be present with the same value.
function findMediaType(content, contentType) {
  if (!contentType) return null;
  const got = parseMediaType(contentType);
  const [type] = got.essence.split('/');
  let best = null;
  for (const key of Object.keys(content)) {
    const want = parseMediaType(key);
    let rank;
    if (want.essence === got.essence) rank = 3;
    else if (want.essence === `${type}/*`) rank = 2;
    else if (want.essence === '*/*') rank = 1;
    else continue;
    const paramsOk = Object.entries(want.params).every(
      ([k, v]) => got.params[k] !== undefined && got.params[k].toLowerCase() === v.toLowerCase());
    if (paramsOk && (!best || rank > best.rank)) best = { key, rank };
  }
  return best && best.key;
}

const isJson = (mediaType) => {
  const e = parseMediaType(mediaType).essence;
  return e === 'application/json' || /^application\/[^/]+\+json$/.test(e);
};

// Newline-delimited JSON: the schema is that of one line.
const isNdjson = (mediaType) => parseMediaType(mediaType).essence === 'application/x-ndjson';

function coerceHeader(value, schema) {
  const t = schema && schema.type;
  const types = Array.isArray(t) ? t : [t];
  if ((types.includes('integer') || types.includes('number')) && value.trim() !== '' && !Number.isNaN(Number(value))) {
    return Number(value);
  }
  if (types.includes('boolean') && (value === 'true' || value === 'false')) return value === 'true';
  return value;
}

// ---- checking ----

const exercised = new Set(); // "METHOD /path" of the operations seen

const fmtErrors = (errors) => (errors || [])
  .map((e) => `${e.instancePath || '(root)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);

// Returns a list of problems (empty when the response conforms).
function check(r) {
  const problems = [];
  const method = String(r.method).toLowerCase();
  const path = String(r.path).replace(/[?#].*$/s, '');
  const status = r.status;
  if (!Number.isInteger(status)) return ['no integer "status" in the log line'];

  let responses;
  let responsesPtr;
  let resp;
  const t = findPath(path);
  if (!t) {
    // A path the spec does not know: the server's 404, as the spec declares it.
    if (!spec['x-unknown-path-response']) {
      return [`${path} is not in the spec, which declares no x-unknown-path-response`];
    }
    if (status !== 404) return [`${path} is not in the spec: expected 404, got ${status}`];
    resp = { key: '404', ...deref(spec['x-unknown-path-response'], '/x-unknown-path-response') };
  } else {
    const itemPtr = `/paths/${esc(t.path)}`;
    const { obj: item, ptr: itemRealPtr } = deref(spec.paths[t.path], itemPtr);
    // HEAD, where the path has no head operation, is GET without the body
    // (RFC 9110, 9.3.2).
    const opMethod = METHODS.includes(method) && !item[method] && method === 'head' ? 'get' : method;
    const op = METHODS.includes(opMethod) ? item[opMethod] : undefined;
    if (op) {
      exercised.add(`${method.toUpperCase()} ${t.path}`);
      responses = op.responses;
      responsesPtr = `${itemRealPtr}/${opMethod}/responses`;
    } else {
      // A method the path does not define: 405, or 401 (credentials are
      // checked first), as documented by one of the path's operations.
      const allowed = [405, 401];
      if (!allowed.includes(status)) {
        return [`${r.method} is not an operation of ${t.path}: expected 405, got ${status}`];
      }
      for (const m of METHODS) {
        if (item[m] && item[m].responses && findResponse(item[m].responses, '', status)?.key === String(status)) {
          responses = item[m].responses;
          responsesPtr = `${itemRealPtr}/${m}/responses`;
          break;
        }
      }
      if (!responses) {
        return [`${r.method} is not an operation of ${t.path} and no operation of that path documents ${status}`];
      }
    }
  }

  if (!resp) resp = findResponse(responses, responsesPtr, status);
  if (!resp) return [`status ${status} is not documented for ${r.method} ${t.path}`];

  const body = typeof r.body === 'string' ? r.body : '';
  const content = resp.obj.content;
  if (!content || Object.keys(content).length === 0) {
    if (body.length) problems.push(`response ${resp.key} documents no content, but the body has ${body.length} characters`);
  } else {
    const mt = findMediaType(content, r.content_type);
    if (!mt) {
      problems.push(`Content-Type ${r.content_type ?? '(absent)'} is not documented for response ${resp.key} (documented: ${Object.keys(content).join(', ')})`);
    } else if (method === 'head') {
      if (body.length) problems.push('a HEAD response has a body');
    } else if (content[mt] && content[mt].schema !== undefined) {
      const schemaPtr = `${resp.ptr}/content/${esc(mt)}/schema`;
      let instance = body;
      let parsed = true;
      if (isNdjson(mt)) {
        // Every line (each ended by a newline) is one JSON value that must
        // match the schema.
        parsed = false;
        const v = validatorAt(schemaPtr);
        const lines = body.split('\n');
        if (lines.pop() !== '') problems.push('the NDJSON body does not end with a newline');
        if (!lines.length) problems.push('the NDJSON body has no line');
        lines.forEach((line, i) => {
          let value;
          try {
            value = JSON.parse(line);
          } catch (e) {
            problems.push(`line ${i + 1} is not JSON (${e.message})`);
            return;
          }
          if (!v(value)) {
            problems.push(`line ${i + 1} does not match #${schemaPtr} (${mt}):`, ...fmtErrors(v.errors).map((s) => `  ${s}`));
          }
        });
      } else if (isJson(mt)) {
        if (r.body_truncated) {
          problems.push('the body holds a NUL byte: not JSON');
          parsed = false;
        } else {
          try {
            instance = JSON.parse(body);
          } catch (e) {
            problems.push(`the body is not JSON (${e.message})`);
            parsed = false;
          }
        }
      }
      if (parsed) {
        const v = validatorAt(schemaPtr);
        if (!v(instance)) {
          problems.push(`the body does not match #${schemaPtr} (${mt}):`, ...fmtErrors(v.errors).map((s) => `  ${s}`));
        }
      }
    }
  }

  if (resp.obj.headers && r.headers && typeof r.headers === 'object') {
    for (const [name, h] of Object.entries(resp.obj.headers)) {
      if (name.toLowerCase() === 'content-type') continue; // ignored by OpenAPI
      const { obj: header, ptr: hptr } = deref(h, `${resp.ptr}/headers/${esc(name)}`);
      const value = r.headers[name.toLowerCase()];
      if (value === undefined) {
        if (header.required) problems.push(`required header ${name} is missing`);
        continue;
      }
      if (header.schema !== undefined) {
        const v = validatorAt(`${hptr}/schema`);
        if (!v(coerceHeader(value, header.schema))) {
          problems.push(`header ${name}: ${JSON.stringify(value)} does not match its schema:`, ...fmtErrors(v.errors).map((s) => `  ${s}`));
        }
      }
    }
  }
  return problems;
}

// ---- main ----

let text;
try {
  text = readFileSync(logFile, 'utf8');
} catch (e) {
  usage(`${logFile}: ${e.message}`);
}

let checked = 0;
let failed = 0;
const lines = text.split('\n');
for (let i = 0; i < lines.length; i++) {
  const line = lines[i];
  if (!line.trim()) continue;
  checked++;
  let r;
  let problems;
  try {
    r = JSON.parse(line);
    if (!r || typeof r !== 'object' || typeof r.method !== 'string' || typeof r.path !== 'string') {
      throw new Error('not an object with "method" and "path"');
    }
    problems = check(r);
  } catch (e) {
    if (!r) {
      console.log(`FAIL ${logFile}:${i + 1}: unreadable log line: ${e.message}`);
      failed++;
      continue;
    }
    problems = [`${e.message}`];
  }
  if (problems.length) {
    failed++;
    const path = r.path.length > 120 ? `${r.path.slice(0, 120)}...` : r.path;
    console.log(`FAIL ${r.method} ${path} ${r.status} (${logFile}:${i + 1})`);
    for (const p of problems) console.log(`  ${p}`);
    const b = typeof r.body === 'string' ? r.body : '';
    console.log(`  body: ${JSON.stringify(b.slice(0, BODY_EXCERPT))}${b.length > BODY_EXCERPT ? ` (${b.length} characters)` : ''}`);
  }
}

const unexercised = [];
for (const [p, item] of Object.entries(spec.paths || {})) {
  for (const m of METHODS) {
    if (deref(item, '').obj[m] && !exercised.has(`${m.toUpperCase()} ${p}`)) unexercised.push(`${m.toUpperCase()} ${p}`);
  }
}
if (unexercised.length) console.log(`contract: note: no response seen for ${unexercised.join(', ')}`);
console.log(`contract: ${checked} responses checked, ${failed} failed`);
if (checked === 0) console.log('contract: FAILED: the log holds no response (did the API tests run with TS_RESPONSE_LOG?)');
process.exit(failed > 0 || checked === 0 ? 1 : 0);

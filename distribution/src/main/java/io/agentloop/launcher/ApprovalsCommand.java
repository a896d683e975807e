package io.agentloop.launcher;

import io.agentloop.api.session.SessionStore;
import io.agentloop.core.secret.SecretRedactor;
import io.agentloop.core.text.TerminalText;
import java.io.PrintWriter;
import java.io.Writer;
import java.time.Instant;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code agentloop approvals}: the tool calls that wait for a person's decision in every session
 * (a run that needed an approval no one could give paused with them on record). Each with its
 * session, tool, arguments (secrets masked), age and why it asks; with {@code --json}, one JSON array.
 */
final class ApprovalsCommand extends LauncherCommand {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Override
    CommandSpec spec() {
        CommandSpec spec = describe("approvals", "Lists the tool calls that wait for approval in every session; "
                + "decide with approve or deny, then go on with run --resume SESSION.");
        return spec;
    }

    @Override
    public Integer call() {
        PrintWriter out = out();
        LauncherConfig config = config();
        List<PendingCalls.Waiting> waiting;
        try (Platform platform = Platform.start(parent.home, config, new PrintWriter(Writer.nullWriter()))) {
            SessionStore store = LauncherSessions.store(platform, config);
            waiting = PendingCalls.in(store);
        }
        SecretRedactor mask = LauncherHooks.defaultRedactor();
        if (options.json) { // the common --json: here one array of the waiting calls
            ArrayNode array = JSON.createArrayNode();
            for (PendingCalls.Waiting call : waiting) {
                ObjectNode node = array.addObject().put("session", call.session()).put("call", call.callId())
                        .put("tool", call.tool()).put("arguments", call.arguments(mask))
                        .put("since", call.since().toString());
                ArrayNode reasons = node.putArray("reasons");
                call.reasons(mask).forEach(reasons::add);
                ArrayNode rules = node.putArray("remember_as");
                call.pending().rememberAs().forEach(rules::add);
            }
            out.println(JSON.writeValueAsString(array));
        } else if (waiting.isEmpty()) {
            out.println("No tool calls wait for approval.");
        } else {
            Instant now = Instant.now();
            for (PendingCalls.Waiting call : waiting) {
                // what the model chose is shown, never obeyed
                out.println(call.session() + "  " + TerminalText.printable(call.callId() + "  " + call.tool()) + "  "
                        + PendingCalls.age(call.since(), now));
                out.println("    arguments: " + TerminalText.printable(call.arguments(mask)));
                call.reasons(mask).forEach(reason -> out.println("    asks because: "
                        + TerminalText.printable(reason)));
            }
            out.println("Decide with 'agentloop approve SESSION [CALL...] [--always]' or 'agentloop deny SESSION "
                    + "[CALL...] [--reason TEXT]', then go on with 'agentloop run --resume SESSION'.");
        }
        out.flush();
        return Launcher.ANSWERED;
    }
}
